--[[
  Releases a lock only if its owner still holds it: a lock that expired and was taken by
  another process survives.

  KEYS[1] lock   the lock's key
  ARGV[1] owner  the random value the owner set it to

  Returns 1 if the lock was deleted, else 0.
]]
if redis.call('GET', KEYS[1]) == ARGV[1] then
  return redis.call('DEL', KEYS[1])
end
return 0
