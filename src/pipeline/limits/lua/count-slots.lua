--[[
  Counts the slots in use in the current window (dropping older ones).

  KEYS[1] slots     sorted set of slots
  ARGV[1] windowMs

  Returns the number of slots in the window.
]]
--- @include "now-ms"
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now - tonumber(ARGV[1]))
return redis.call('ZCARD', KEYS[1])
