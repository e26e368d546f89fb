--[[
  A generation waits on ProductAI (receive/productai-waits.ts): its entry is set in the waits,
  its scope recorded and indexed, all at once; a wait it had in another scope is replaced.

  KEYS[1] waits     sorted set, member `<shop> <id>`, score when its next read is due (ms)
  KEYS[2] scopes    sorted set by name (scores 0), member `<scope> <shop> <id>`
  KEYS[3] scopeOf   hash `<shop> <id>` -> its scope
  ARGV[1] ref       `<shop> <id>`
  ARGV[2] scope     `*` (ProductAI unreachable) or the account (its rate limit)
  ARGV[3] readAt    ms

  Returns 1.
]]
local ref, scope = ARGV[1], ARGV[2]
local old = redis.call('HGET', KEYS[3], ref)
if old and old ~= scope then redis.call('ZREM', KEYS[2], old .. ' ' .. ref) end
redis.call('HSET', KEYS[3], ref, scope)
redis.call('ZADD', KEYS[2], 0, scope .. ' ' .. ref)
redis.call('ZADD', KEYS[1], ARGV[3], ref)
return 1
