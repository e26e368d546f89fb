--[[
  Lets a fingerprint's submission claim go if this submission holds it.

  KEYS[1] claim  the fingerprint's claim
  ARGV[1] token  this submission's JSON token

  Returns 1.
]]
if redis.call('GET', KEYS[1]) == ARGV[1] then redis.call('DEL', KEYS[1]) end
return 1
