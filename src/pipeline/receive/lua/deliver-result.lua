--[[
  Keeps a delivered job result unless one was already (first delivery wins), looks up the job's
  owner, and when it has none lists the job as unclaimed for the shop whose URL it arrived at.

  KEYS[1] result      the job's delivered result
  KEYS[2] owner       the job's owner {shop, generationId}
  KEYS[3] unclaimed   the arrival shop's unclaimed job ids (sorted set)
  ARGV[1] result      JSON
  ARGV[2] ttlSeconds  how long the result is kept
  ARGV[3] receivedMs  the unclaimed entry's score
  ARGV[4] jobId

  Returns the owner's JSON, or nil when the job has none (yet).
]]
redis.call('SET', KEYS[1], ARGV[1], 'EX', ARGV[2], 'NX')
local owner = redis.call('GET', KEYS[2])
if owner then return owner end
redis.call('ZADD', KEYS[3], 'NX', ARGV[3], ARGV[4])
return false
