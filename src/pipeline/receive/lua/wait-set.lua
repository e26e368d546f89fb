--[[
  A generation waits on ProductAI (receive/productai-waits.ts): its entry is set in the waits,
  its scope recorded and indexed, all at once; a wait it had in another scope is replaced. With
  no `readAt`, its wait only moves to `scope` (its read still due when it was), and nothing is
  written when it no longer waits.

  KEYS[1] waits     sorted set, member `<shop> <id>`, score when its next read is due (ms)
  KEYS[2] scopes    sorted set by name (scores 0), member `<scope> <shop> <id>`
  KEYS[3] scopeOf   hash `<shop> <id>` -> its scope
  ARGV[1] ref       `<shop> <id>`
  ARGV[2] scope     `*` (ProductAI unreachable) or the account (its rate limit)
  ARGV[3] readAt    ms, or '' to keep the wait's own

  Returns 1, or 0 when there was no wait to move.
]]
local ref, scope, readAt = ARGV[1], ARGV[2], ARGV[3]
if readAt == '' then
  readAt = redis.call('ZSCORE', KEYS[1], ref)
  if not readAt then return 0 end
end
local old = redis.call('HGET', KEYS[3], ref)
if old and old ~= scope then redis.call('ZREM', KEYS[2], old .. ' ' .. ref) end
redis.call('HSET', KEYS[3], ref, scope)
redis.call('ZADD', KEYS[2], 0, scope .. ' ' .. ref)
redis.call('ZADD', KEYS[1], readAt, ref)
return 1
