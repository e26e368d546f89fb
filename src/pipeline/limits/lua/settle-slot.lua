--[[
  Settles a slot whose request was answered: it keeps counting from the request's latest
  possible arrival, min(now, taken + arrivalMarginMs), under a name of its own, so that the same
  generation can take a slot later. The name is anonymous (the arrival and a random number): the
  log is app-wide and outlives a shop's erase by up to two windows, and a settled slot is only
  ever counted, never looked up.

  KEYS[1] slots            sorted set of slots
  ARGV[1] slotId
  ARGV[2] windowMs
  ARGV[3] arrivalMarginMs  longest time a request may take to arrive

  Returns 1 when the slot was settled, 0 when it is not there.
]]
--- @include "now-ms"
local taken = redis.call('ZSCORE', KEYS[1], ARGV[1])
if not taken then return 0 end
local arrival = math.min(now, tonumber(taken) + tonumber(ARGV[3]))
redis.call('ZREM', KEYS[1], ARGV[1])
redis.call('ZADD', KEYS[1], arrival, 'settled@' .. arrival .. '.' .. math.random(1000000))
redis.call('PEXPIRE', KEYS[1], tonumber(ARGV[2]) * 2)
return 1
