--[[
  Stores a new running experiment unless its product already has one, a campaign claimed it
  (campaign-claims.ts), or the shop is at its cap of experiments not finished: the check and the
  write in one step, so two clicks (or two tabs) can never start two experiments on one product,
  nor pass the cap together, nor start on a product a campaign just went live on.

  KEYS[1] record     the experiment's hash (fields JSON-encoded)
  KEYS[2] index      the shop's experiment ids (sorted set, lexical)
  KEYS[3] products   the shop's products with an experiment not finished (hash product -> id)
  KEYS[4] due        app-wide sorted set of experiments due a look
  KEYS[5] claims     the shop's products a campaign claimed (hash product -> campaign id)
  ARGV[1] fields     JSON object: field -> its JSON-encoded value
  ARGV[2] id         the experiment's id
  ARGV[3] productId  its product
  ARGV[4] cap        the most experiments not finished a shop may have
  ARGV[5] dueMember  '<shop> <id>'
  ARGV[6] dueMs      when it is first due a look

  Returns {'ok'} | {'claimed', the campaign's id} | {'busy', the product's experiment id}
  | {'at_cap'}
]]
local claim = redis.call('HGET', KEYS[5], ARGV[3])
if claim then return {'claimed', claim} end
local current = redis.call('HGET', KEYS[3], ARGV[3])
if current then return {'busy', current} end
if redis.call('HLEN', KEYS[3]) >= tonumber(ARGV[4]) then return {'at_cap'} end
for field, value in pairs(cjson.decode(ARGV[1])) do
  redis.call('HSET', KEYS[1], field, value)
end
redis.call('ZADD', KEYS[2], 0, ARGV[2])
redis.call('HSET', KEYS[3], ARGV[3], ARGV[2])
redis.call('ZADD', KEYS[4], tonumber(ARGV[6]), ARGV[5])
return {'ok'}
