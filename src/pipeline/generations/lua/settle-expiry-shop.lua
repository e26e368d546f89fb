--[[
  After a sweep of a shop's work due to expire: scores the shop in the app-wide set by the next
  time one of its generations is due, or takes it out when none is left. Read and written in one
  step, so a generation scheduled meanwhile (generation-counters.lua adds the shop with LT) is
  never hidden behind a later score.

  KEYS[1] expiry       the shop's generations by when they expire
  KEYS[2] expiryShops  app-wide: shops scored by their earliest expiry
  ARGV[1] shop

  Returns the shop's next due time (ms), or false when nothing of it is left to expire.
]]
local nextDue = redis.call('ZRANGE', KEYS[1], 0, 0, 'WITHSCORES')
if nextDue[2] then
  redis.call('ZADD', KEYS[2], nextDue[2], ARGV[1])
  return nextDue[2]
end
redis.call('ZREM', KEYS[2], ARGV[1])
return false
