--[[
  Frees a slot whose request certainly never left. If no slot was given after it (it is the
  newest in the log: a slot is logged when it is given, and only a settled one, answered, counts
  from later), its place in the pace is given back too: the pace goes back the interval its
  taking moved it on, and the next request may leave as if this one had never been given a slot.

  KEYS[1] slots     sorted set of slots
  KEYS[2] pace      earliest time of the next bulk slot (ms)
  ARGV[1] slotId
  ARGV[2] interval  windowMs / limit

  Returns 1 when the slot was freed, 0 when it is not there.
]]
if not redis.call('ZSCORE', KEYS[1], ARGV[1]) then return 0 end
local newest = redis.call('ZRANGE', KEYS[1], -1, -1)
redis.call('ZREM', KEYS[1], ARGV[1])
local pace = redis.call('GET', KEYS[2])
if newest[1] == ARGV[1] and pace then
  redis.call('SET', KEYS[2], tostring(tonumber(pace) - tonumber(ARGV[2])), 'KEEPTTL')
end
return 1
