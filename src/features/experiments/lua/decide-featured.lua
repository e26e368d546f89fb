--[[
  Records the end's featured decision unless one was: `set` (move the kept arm to the front) or
  `edited` (leave the featured image as it is). A product a campaign claimed is left to the
  campaign (`edited` whatever was asked): the campaign went live after this experiment's keep was
  recorded, and it wins (claim-for-campaign.lua). A decision recorded before the claim stands:
  its move comes before the campaign's result is published.

  KEYS[1] steps      the experiment's recorded steps (hash)
  KEYS[2] claims     the shop's products a campaign claimed (hash product -> campaign id)
  ARGV[1] productId  the experiment's product
  ARGV[2] decision   'set' or 'edited'

  Returns the recorded decision.
]]
local decision = ARGV[2]
if redis.call('HEXISTS', KEYS[2], ARGV[1]) == 1 then decision = 'edited' end
redis.call('HSETNX', KEYS[1], 'featured', decision)
return redis.call('HGET', KEYS[1], 'featured')
