--[[
  Commits the credits of one more try of a changed result (publish/fidelity-retry.ts) on a
  running bulk run if its budget (JSON null: none) covers them, once per generation: a try
  already reserved (a repeat after a crash) is admitted again without counting twice.

  KEYS[1] run        the run's hash (JSON-encoded fields)
  KEYS[2] tries      the run's hash of reserved tries: generation id -> credits
  ARGV[1] id         the try's generation id
  ARGV[2] credits
  ARGV[3] updatedAt  JSON

  Returns 1 if the credits are committed (now or before), 0 if the run is not running, -1 if
  over budget.
]]
if redis.call('HEXISTS', KEYS[2], ARGV[1]) == 1 then return 1 end
local state = redis.call('HGET', KEYS[1], 'state')
if state ~= '"running"' then return 0 end
local committed = tonumber(redis.call('HGET', KEYS[1], 'creditsCommitted'))
local budget = cjson.decode(redis.call('HGET', KEYS[1], 'creditBudget'))
local credits = tonumber(ARGV[2])
if budget ~= cjson.null and committed + credits > budget then return -1 end
redis.call('HSET', KEYS[1], 'creditsCommitted', committed + credits, 'updatedAt', ARGV[3])
redis.call('HSET', KEYS[2], ARGV[1], credits)
return 1
