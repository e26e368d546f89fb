--[[
  Sets each of a shop's state counts to what its records say: the state index's size plus the
  entries the retention sweep removed from it; the app-wide count moves by the same
  difference. One atomic step per shop against the transition script, so it is exact while the
  pipeline runs, and idempotent (a second run finds nothing to change).

  KEYS[1] stateCounts     the shop's counts by state
  KEYS[2] appStateCounts  app-wide counts by state
  KEYS[3] sweptCounts     the shop's swept generations by state
  ARGV[1] indexPrefix     the shop's index keys' prefix
  ARGV[2] states          JSON array of every state

  Returns the number of counts changed.
]]
local changed = 0
for _, state in ipairs(cjson.decode(ARGV[2])) do
  local actual = redis.call('ZCARD', ARGV[1] .. 'state:' .. state)
    + tonumber(redis.call('HGET', KEYS[3], state) or '0')
  local counted = tonumber(redis.call('HGET', KEYS[1], state) or '0')
  if actual ~= counted then
    redis.call('HSET', KEYS[1], state, actual)
    redis.call('HINCRBY', KEYS[2], state, actual - counted)
    changed = changed + 1
  end
end
return changed
