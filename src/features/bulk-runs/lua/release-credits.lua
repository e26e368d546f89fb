--[[
  Gives back credits a bulk run committed (never below zero).

  KEYS[1] run        the run's hash
  ARGV[1] credits
  ARGV[2] updatedAt  JSON

  Returns 1.
]]
local committed = tonumber(redis.call('HGET', KEYS[1], 'creditsCommitted') or '0')
redis.call('HSET', KEYS[1], 'creditsCommitted', math.max(0, committed - tonumber(ARGV[1])), 'updatedAt', ARGV[2])
return 1
