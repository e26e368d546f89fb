--[[
  Frees a slot whose request certainly never left. If it was the last slot given, its place in
  the pace is given back too: the next request may leave at once instead of an interval later.

  KEYS[1] slots     sorted set of slots
  KEYS[2] pace      earliest time of the next slot (ms)
  ARGV[1] slotId
  ARGV[2] interval  windowMs / limit

  Returns 1 when the slot was freed, 0 when it is not there.
]]
local taken = redis.call('ZSCORE', KEYS[1], ARGV[1])
if not taken then return 0 end
redis.call('ZREM', KEYS[1], ARGV[1])
local pace = redis.call('GET', KEYS[2])
-- A slot given later moved the pace past taken + 1.5 intervals (acquire-slot.lua).
if pace and tonumber(pace) <= tonumber(taken) + tonumber(ARGV[2]) + 1 then
  redis.call('SET', KEYS[2], taken, 'KEEPTTL')
end
return 1
