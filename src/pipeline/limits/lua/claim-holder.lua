--[[
  The live holder of a fingerprint's submission claim.

  KEYS[1] claim         the fingerprint's claim
  ARGV[1] recordBefore  generation record key before the shop (live-claim)
  ARGV[2] recordMiddle  generation record key between shop and id (live-claim)

  Returns the holder's JSON token, or nil when the claim is free or stale.
]]
--- @include "live-claim"
local held = redis.call('GET', KEYS[1])
if live(held) then return held end
return false
