--[[
  Takes a campaign's claim off a product once that campaign no longer holds it (its end gave the
  product its previous image back), if the claim is still that campaign's: another campaign's
  newer claim stays.

  KEYS[1] claims      the shop's products a campaign claimed (hash product -> campaign id)
  ARGV[1] productId   the product
  ARGV[2] campaignId  the campaign whose claim is stale

  Returns 1 when the claim was taken off, else 0.
]]
if redis.call('HGET', KEYS[1], ARGV[1]) ~= ARGV[2] then return 0 end
return redis.call('HDEL', KEYS[1], ARGV[1])
