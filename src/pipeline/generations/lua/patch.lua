--[[
  Writes fields of an existing generation without changing its state, keeping the credit
  counters (generation-counters), and optionally notes it in the history (an entry in the
  current state: what was learnt, not a move).

  KEYS[1] record       the generation's hash (JSON-encoded fields)
  KEYS[2] transitions  its list of transitions (read back)
  ARGV[1] ctx          JSON counters context (store/counters-context.ts)
  ARGV[2] entry        JSON {at, note} to add to the history in the current state, or ''
  ARGV[3...] patch     field, JSON value, field, JSON value, ...

  Returns readBack('ok') | {'missing'}
]]
--- @include "generation-read-back"
--- @include "generation-counters"
if redis.call('EXISTS', KEYS[1]) == 0 then return {'missing'} end
local charged = chargedOf(redis.call('HGET', KEYS[1], 'chargedCredits'))
for i = 3, #ARGV, 2 do redis.call('HSET', KEYS[1], ARGV[i], ARGV[i + 1]) end
if ARGV[2] ~= '' then
  local entry = cjson.decode(ARGV[2])
  entry.state = cjson.decode(redis.call('HGET', KEYS[1], 'state'))
  redis.call('RPUSH', KEYS[2], cjson.encode(entry))
end
countCredits(cjson.decode(ARGV[1]), charged)
return readBack('ok')
