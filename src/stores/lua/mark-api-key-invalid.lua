--[[
  Marks the shop's ProductAI API key invalid, only if it is still the key that failed: a key
  the merchant saved meanwhile is not touched.

  KEYS[1] settings     the shop's settings hash
  ARGV[1] fingerprint  the failed key's fingerprint (compared with apiKeyFingerprint)

  Returns 1 if the key was marked invalid, else 0.
]]
if redis.call('HGET', KEYS[1], 'apiKeyFingerprint') == ARGV[1] then
  redis.call('HSET', KEYS[1], 'apiKeyState', 'invalid')
  return 1
end
return 0
