--[[
  Waits end (receive/productai-waits.ts): each entry leaves the waits with its scope and its
  place in the scope index. With `count` > 0, the `count` whose reads are due first are taken
  out first (their reads come now).

  KEYS[1] waits     sorted set, member `<shop> <id>`, score when its next read is due (ms)
  KEYS[2] scopes    sorted set by name (scores 0), member `<scope> <shop> <id>`
  KEYS[3] scopeOf   hash `<shop> <id>` -> its scope
  ARGV[1] count     how many to take first (0: none)
  ARGV[2...] refs   `<shop> <id>` of the waits to end

  Returns the waits taken, the first due first, as ref, scope, ref, scope...; a scope is `*`
  when none was recorded (a wait written before waits had scopes spoke for every account).
]]
local function forget(ref)
  local scope = redis.call('HGET', KEYS[3], ref)
  if scope then
    redis.call('ZREM', KEYS[2], scope .. ' ' .. ref)
    redis.call('HDEL', KEYS[3], ref)
  end
  return scope or '*'
end

local taken = {}
local count = tonumber(ARGV[1])
if count > 0 then
  local popped = redis.call('ZPOPMIN', KEYS[1], count)
  for i = 1, #popped, 2 do
    taken[#taken + 1] = popped[i]
    taken[#taken + 1] = forget(popped[i])
  end
end
for i = 2, #ARGV do
  redis.call('ZREM', KEYS[1], ARGV[i])
  forget(ARGV[i])
end
return taken
