--[[
  Marks an ended experiment's steps done: it leaves the due set and frees its product (a new
  experiment may start there) and its place under the shop's cap. Unless the end keeps another
  arm than the one the steps acted on (the merchant kept an "ask" end's winner while they ran):
  then nothing changes, and the steps run again for it.

  KEYS[1] record     the experiment's hash
  KEYS[2] products   the shop's products with an experiment not finished (hash product -> id)
  KEYS[3] due        app-wide sorted set of experiments due a look
  ARGV[1] id         the experiment's id
  ARGV[2] productId  its product
  ARGV[3] keep       the arm kept by the end the steps acted on, JSON (null: none)
  ARGV[4] now        the time, JSON (updatedAt)
  ARGV[5] dueMember  '<shop> <id>'

  Returns 'finished', 'changed' (the end keeps another arm now) or 'gone'.
]]
local ending = redis.call('HGET', KEYS[1], 'end')
if ending and cjson.decode(ending).keep ~= cjson.decode(ARGV[3]) then return 'changed' end
redis.call('ZREM', KEYS[3], ARGV[5])
if redis.call('HGET', KEYS[2], ARGV[2]) == ARGV[1] then redis.call('HDEL', KEYS[2], ARGV[2]) end
if redis.call('EXISTS', KEYS[1]) == 0 then return 'gone' end
redis.call('HSET', KEYS[1], 'finished', 'true', 'updatedAt', ARGV[4])
return 'finished'
