--[[
  A campaign going live on a product claims it from the experiments: from this step on no
  experiment starts there (start-experiment.lua), no "ask" end's winner is kept there
  (keep-winner.lua), and an end's featured step not yet decided leaves the featured image to the
  campaign (decide-featured.lua). Returns the product's experiment not finished, for the caller
  to end if it is still running (end-experiment.lua: the first end wins).

  KEYS[1] claims      the shop's products a campaign claimed (hash product -> campaign id)
  KEYS[2] products    the shop's products with an experiment not finished (hash product -> id)
  ARGV[1] productId   the product
  ARGV[2] campaignId  the campaign going live on it

  Returns the product's experiment id, or false when it has none.
]]
redis.call('HSET', KEYS[1], ARGV[1], ARGV[2])
return redis.call('HGET', KEYS[2], ARGV[1])
