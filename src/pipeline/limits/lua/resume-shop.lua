--[[
  Puts a shop that is no longer paused back in the ring of one priority if it has waiting work.

  KEYS[1] ring         shops with waiting work, in turn order (list)
  KEYS[2] ringMembers  the ring's shops (set)
  KEYS[3] pausedShops
  KEYS[4] waiting      the shop's waiting generations of this priority
  ARGV[1] shop

  Returns 0 if the shop is paused (again), else 1.
]]
if redis.call('SISMEMBER', KEYS[3], ARGV[1]) == 1 then return 0 end
if redis.call('ZCARD', KEYS[4]) > 0 and redis.call('SADD', KEYS[2], ARGV[1]) == 1 then
  redis.call('RPUSH', KEYS[1], ARGV[1])
end
return 1
