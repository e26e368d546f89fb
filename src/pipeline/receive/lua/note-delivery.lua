--[[
  A ProductAI delivery for a job reached a shop's webhook URL. A job with an owner is left as it
  is: the owner is returned, and the caller decides whether the shop may speak for it. A job
  with none is listed as unclaimed for the shop, and a notice naming the first shop it reached is
  kept, so that the job's adoption checks it at once. No result is kept: only ProductAI's job
  endpoint says how a job ended.

  KEYS[1] owner       the job's owner {shop, generationId, account}
  KEYS[2] notice      the job's delivery notice: the shop whose URL it reached first
  KEYS[3] unclaimed   the arrival shop's unclaimed job ids (sorted set, by arrival ms)
  ARGV[1] shop        the arrival shop
  ARGV[2] ttlSeconds  how long the notice is kept
  ARGV[3] receivedMs  the unclaimed entry's score
  ARGV[4] jobId

  Returns the owner's JSON, or nil when the job has none (yet).
]]
local owner = redis.call('GET', KEYS[1])
if owner then return owner end
redis.call('SET', KEYS[2], ARGV[1], 'EX', ARGV[2], 'NX')
redis.call('ZADD', KEYS[3], 'NX', ARGV[3], ARGV[4])
return false
