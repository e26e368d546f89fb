--[[
  Waits end (receive/productai-waits.ts): each entry leaves the waits with its scope and its
  place in the scope index, all at once.

  KEYS[1] waits     sorted set, member `<shop> <id>`, score when its next read is due (ms)
  KEYS[2] scopes    sorted set by name (scores 0), member `<scope> <shop> <id>`
  KEYS[3] scopeOf   hash `<shop> <id>` -> its scope
  ARGV[1...] refs   `<shop> <id>` of the waits to end

  Returns the number of refs.
]]
for i = 1, #ARGV do
  local ref = ARGV[i]
  redis.call('ZREM', KEYS[1], ref)
  local scope = redis.call('HGET', KEYS[3], ref)
  if scope then
    redis.call('ZREM', KEYS[2], scope .. ' ' .. ref)
    redis.call('HDEL', KEYS[3], ref)
  end
end
return #ARGV
