--[[
  Saves the shop's ProductAI API key and keeps the key it replaces (a different one), sealed as
  it was, under its fingerprint until `untilMs`: jobs sent with that key are still read with it.
  The new key is taken out of the kept ones (a key saved again is the current one).

  KEYS[1] settings     the shop's settings hash
  KEYS[2] replaced     the shop's replaced keys: fingerprint -> JSON {sealed, untilMs}
  ARGV[1] sealed       the new key, sealed
  ARGV[2] mask         the new key, masked
  ARGV[3] fingerprint  the new key's fingerprint
  ARGV[4] untilMs      until when the replaced key is kept (ms since the epoch)
  ARGV[5] keepMs       how long that is from now (the replaced keys' hash lives that long)

  Returns 1 when a different key was replaced and kept, else 0.
]]
local previous = redis.call('HMGET', KEYS[1], 'apiKey', 'apiKeyFingerprint')
redis.call('HSET', KEYS[1], 'apiKey', ARGV[1], 'apiKeyMask', ARGV[2],
  'apiKeyFingerprint', ARGV[3], 'apiKeyState', 'valid')
redis.call('HDEL', KEYS[2], ARGV[3])
if previous[1] and previous[2] and previous[2] ~= ARGV[3] then
  redis.call('HSET', KEYS[2], previous[2],
    cjson.encode({ sealed = previous[1], untilMs = tonumber(ARGV[4]) }))
  -- Every entry is kept for the same time, so the newest lives longest: the hash goes with it.
  redis.call('PEXPIRE', KEYS[2], ARGV[5])
  return 1
end
return 0
