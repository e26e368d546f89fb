--[[
  Commits credits of a running bulk run if its budget (JSON null: none) covers them: the check
  and the increment are one step, so concurrent expansions never commit more than the budget.

  KEYS[1] run        the run's hash (JSON-encoded fields)
  ARGV[1] credits
  ARGV[2] updatedAt  JSON

  Returns 1 if the credits were committed, else 0 (not running, or over budget).
]]
local state = redis.call('HGET', KEYS[1], 'state')
if state ~= '"running"' then return 0 end
local committed = tonumber(redis.call('HGET', KEYS[1], 'creditsCommitted'))
local budget = cjson.decode(redis.call('HGET', KEYS[1], 'creditBudget'))
local credits = tonumber(ARGV[1])
if budget ~= cjson.null and committed + credits > budget then return 0 end
redis.call('HSET', KEYS[1], 'creditsCommitted', committed + credits, 'updatedAt', ARGV[2])
return 1
