--[[
  ProductAI asked an account to wait (a 429's Retry-After; receive/productai-waits.ts): its
  scope's next probe read is not before then. Never shortened: a wait asked for earlier, or a
  probe's claim for its interval, that ends later stays.

  KEYS[1] probe   the scope's next-probe key, which expires when the scope may be read again
  ARGV[1] ms      how long ProductAI asked to wait (> 0)

  Returns 1 when the wait was lengthened, else 0.
]]
if redis.call('PTTL', KEYS[1]) >= tonumber(ARGV[1]) then return 0 end
redis.call('SET', KEYS[1], '1', 'PX', ARGV[1])
return 1
