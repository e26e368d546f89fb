--[[
  Takes an erased shop out of the app-wide state: its counts are subtracted and deleted in one
  step, so an erase retried after a crash subtracts them once (the second run finds no counts).

  KEYS[1] stateCounts     the shop's counts by state
  KEYS[2] appStateCounts  app-wide counts by state
  KEYS[3] retentionShops  app-wide: shops scored by their earliest expiry
  KEYS[4] expiryShops     app-wide: shops with work in review or paused, by the earliest due
  ARGV[1] shop

  Returns the number of states the shop had counts in.
]]
local counts = redis.call('HGETALL', KEYS[1])
for i = 1, #counts, 2 do redis.call('HINCRBY', KEYS[2], counts[i], 0 - counts[i + 1]) end
redis.call('DEL', KEYS[1])
redis.call('ZREM', KEYS[3], ARGV[1])
redis.call('ZREM', KEYS[4], ARGV[1])
return #counts / 2
