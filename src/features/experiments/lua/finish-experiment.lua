--[[
  Marks an ended experiment's steps done: it leaves the due set and frees its product (a new
  experiment may start there) and its place under the shop's cap.

  KEYS[1] record     the experiment's hash
  KEYS[2] products   the shop's products with an experiment not finished (hash product -> id)
  KEYS[3] due        app-wide sorted set of experiments due a look
  ARGV[1] id         the experiment's id
  ARGV[2] productId  its product
  ARGV[3] now        the time, JSON (updatedAt)
  ARGV[4] dueMember  '<shop> <id>'

  Returns 1, or 0 when the experiment is gone.
]]
redis.call('ZREM', KEYS[3], ARGV[4])
if redis.call('HGET', KEYS[2], ARGV[2]) == ARGV[1] then redis.call('HDEL', KEYS[2], ARGV[2]) end
if redis.call('EXISTS', KEYS[1]) == 0 then return 0 end
redis.call('HSET', KEYS[1], 'finished', 'true', 'updatedAt', ARGV[3])
return 1
