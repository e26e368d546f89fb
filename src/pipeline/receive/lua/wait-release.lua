--[[
  Waits end because ProductAI answered a read (receive/productai-waits.ts): up to `count` waits
  of the scopes the answer covers leave the waits, the scope index and the scope hash at once,
  so a kill at any point leaves each wait in all three or in none. An answer covers `*`
  (ProductAI answered, so it is reachable) and the account whose key it answered (that
  account's rate limit is over); the waits of another account's rate limit stay.

  KEYS[1] waits     sorted set, member `<shop> <id>`, score when its next read is due (ms)
  KEYS[2] scopes    sorted set by name (scores 0), member `<scope> <shop> <id>`
  KEYS[3] scopeOf   hash `<shop> <id>` -> its scope
  ARGV[1] count     at most this many waits end per call
  ARGV[2...] covered  the scopes the answer covers

  Returns the waits ended, as ref, scope, ref, scope...
]]
local left = tonumber(ARGV[1])
local ended = {}
for i = 2, #ARGV do
  if left <= 0 then break end
  local scope = ARGV[i]
  -- Every entry of the scope starts with `<scope> `; '!' is the character after the space.
  local entries = redis.call('ZRANGEBYLEX', KEYS[2], '[' .. scope .. ' ', '(' .. scope .. '!',
    'LIMIT', 0, left)
  for _, entry in ipairs(entries) do
    local ref = string.sub(entry, #scope + 2)
    redis.call('ZREM', KEYS[2], entry)
    redis.call('HDEL', KEYS[3], ref)
    redis.call('ZREM', KEYS[1], ref)
    ended[#ended + 1] = ref
    ended[#ended + 1] = scope
  end
  left = left - #entries
end
return ended
