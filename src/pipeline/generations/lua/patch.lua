--[[
  Writes fields of an existing generation without changing its state, keeping the credit
  counters (generation-counters).

  KEYS[1] record       the generation's hash (JSON-encoded fields)
  KEYS[2] transitions  its list of transitions (read back)
  ARGV[1] ctx          JSON counters context (store/counters-context.ts)
  ARGV[2...] patch     field, JSON value, field, JSON value, ...

  Returns readBack('ok') | {'missing'}
]]
--- @include "generation-read-back"
--- @include "generation-counters"
if redis.call('EXISTS', KEYS[1]) == 0 then return {'missing'} end
local charged = chargedOf(redis.call('HGET', KEYS[1], 'chargedCredits'))
for i = 2, #ARGV, 2 do redis.call('HSET', KEYS[1], ARGV[i], ARGV[i + 1]) end
countCredits(cjson.decode(ARGV[1]), charged)
return readBack('ok')
