--[[
  Takes a fingerprint's submission claim for this submission, unless another live submission
  holds it (a stale holder is overwritten).

  KEYS[1] claim         the fingerprint's claim
  ARGV[1] recordBefore  generation record key before the shop (live-claim)
  ARGV[2] recordMiddle  generation record key between shop and id (live-claim)
  ARGV[3] token         this submission's JSON token {shop, generationId, submittedAt}
  ARGV[4] ttlSeconds    leak guard

  Returns 1 when this submission holds the claim, 0 when another live one does.
]]
--- @include "live-claim"
local held = redis.call('GET', KEYS[1])
if held == ARGV[3] then return 1 end
if live(held) then return 0 end
redis.call('SET', KEYS[1], ARGV[3], 'EX', ARGV[4])
return 1
