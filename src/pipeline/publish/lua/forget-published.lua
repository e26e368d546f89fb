--[[
  Forgets a product's published result, only if it is still this generation's (a newer result
  that replaced it stays).

  KEYS[1] published     the shop's hash product id -> generation id, for one options fingerprint
  ARGV[1] productId
  ARGV[2] generationId

  Returns 1 if the entry was deleted, else 0.
]]
if redis.call('HGET', KEYS[1], ARGV[1]) == ARGV[2] then
  return redis.call('HDEL', KEYS[1], ARGV[1])
end
return 0
