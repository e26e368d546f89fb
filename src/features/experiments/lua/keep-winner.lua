--[[
  Keeps the winner of an experiment that ended asking (`endAction` "ask", a decision): records
  it as the arm the end keeps, holds the product again and makes the experiment due at once, so
  the end's steps run again and move it (experiment-steps.ts). Once: a repeat (a retried click,
  two tabs) finds the winner kept and changes nothing. Refused while another experiment holds
  the product (its storefront shows its own arms), or a campaign claimed it.

  The claim is read in this same step as the keep is written, and a campaign going live writes
  its claim in one step too (claim-for-campaign.lua), so of a keep and a campaign going live on
  the product one comes first, whole: a claim first refuses the keep; a keep first is then ended
  by the claim (its featured step left to the campaign). The campaign wins either way: it is the
  merchant's dated decision about the featured image with its own undo at its end, which gives
  the product its previous image back; the winner can still be kept once the campaign is over.
  A check made before this step (the service's, on the campaigns' own records) could pass, a
  campaign go live, and this step keep the winner anyway: both would move the featured image.

  KEYS[1] record     the experiment's hash (fields JSON-encoded)
  KEYS[2] products   the shop's products with an experiment not finished (hash product -> id)
  KEYS[3] due        app-wide sorted set of experiments due a look
  KEYS[4] claims     the shop's products a campaign claimed (hash product -> campaign id)
  ARGV[1] id         the experiment's id
  ARGV[2] productId  its product
  ARGV[3] now        the time, JSON (updatedAt)
  ARGV[4] dueMember  '<shop> <id>'
  ARGV[5] dueMs      now, in ms

  Returns {'ok'} | {'kept'} (already) | {'missing'} | {'stale', current state} | {'no_winner'}
  | {'claimed', the campaign's id} | {'busy', the product's experiment id}
]]
local raw = redis.call('HGET', KEYS[1], 'state')
if not raw then return {'missing'} end
local state = cjson.decode(raw)
if state ~= 'ended' then return {'stale', state} end
local ending = cjson.decode(redis.call('HGET', KEYS[1], 'end'))
local action = cjson.decode(redis.call('HGET', KEYS[1], 'endAction'))
if action ~= 'ask' or ending.why ~= 'decided' or ending.winner == cjson.null then
  return {'no_winner'}
end
if ending.keep ~= cjson.null then return {'kept'} end
local claim = redis.call('HGET', KEYS[4], ARGV[2])
if claim then return {'claimed', claim} end
local holder = redis.call('HGET', KEYS[2], ARGV[2])
if holder and holder ~= ARGV[1] then return {'busy', holder} end
ending.keep = ending.winner
redis.call('HSET', KEYS[1], 'end', cjson.encode(ending), 'finished', 'false', 'updatedAt', ARGV[3])
redis.call('HSET', KEYS[2], ARGV[2], ARGV[1])
redis.call('ZADD', KEYS[3], tonumber(ARGV[5]), ARGV[4])
return {'ok'}
