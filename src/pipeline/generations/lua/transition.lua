--[[
  THE way a generation changes state: moves it to `to` if it is in one of the `from` states
  and, in the same step, writes the new state, the patch and the history entry, moves it between
  the state indexes (shop and bulk run, a run's results in review by verdict), keeps the counters (generation-counters), gives a
  terminal generation its retention, schedules (or ends) the expiry of one entering (or leaving)
  review or a pause, and optionally writes one more key (the job-id index).

  KEYS[1] record            the generation's hash (JSON-encoded fields)
  KEYS[2] transitions       its list of transitions
  KEYS[3] alsoSet           (optional) a key to SET to `alsoSetValue`
  ARGV[1] indexPrefix       the shop's index keys' prefix
  ARGV[2] bulkCountsPrefix  the shop's per-bulk-run state counts' prefix
  ARGV[3] id
  ARGV[4] from              JSON array of the states it may move from
  ARGV[5] to                the new state, JSON
  ARGV[6] updatedAt         JSON
  ARGV[7] historyEntry      JSON transition record appended to KEYS[2]
  ARGV[8] alsoSetValue      (ignored without KEYS[3])
  ARGV[9] ctx               JSON counters context (store/counters-context.ts)
  ARGV[10...] patch         field, JSON value, field, JSON value, ...

  Returns readBack('ok') | {'missing'} | {'stale', current state}
]]
--- @include "generation-read-back"
--- @include "generation-counters"
local raw = redis.call('HGET', KEYS[1], 'state')
if not raw then return {'missing'} end
local current = cjson.decode(raw)
local allowed = false
for _, state in ipairs(cjson.decode(ARGV[4])) do
  if state == current then allowed = true end
end
if not allowed then return {'stale', current} end
local ctx = cjson.decode(ARGV[9])
local to = cjson.decode(ARGV[5])
if to ~= current then
  redis.call('ZREM', ARGV[1] .. 'state:' .. current, ARGV[3])
  redis.call('ZADD', ARGV[1] .. 'state:' .. to, 0, ARGV[3])
  local bulk = cjson.decode(redis.call('HGET', KEYS[1], 'bulkRunId') or 'null')
  if type(bulk) == 'string' then
    redis.call('HINCRBY', ARGV[2] .. bulk, current, -1)
    redis.call('HINCRBY', ARGV[2] .. bulk, to, 1)
    redis.call('ZREM', ctx.bulkStatePrefix .. bulk .. ':' .. current, ARGV[3])
    redis.call('ZADD', ctx.bulkStatePrefix .. bulk .. ':' .. to, 0, ARGV[3])
  end
  countState(ctx, current, to)
  scheduleExpiry(ctx, ARGV[3], current, to)
  recordInOutbox(ctx, ARGV[3], to)
end
local charged = chargedOf(redis.call('HGET', KEYS[1], 'chargedCredits'))
local verdict = verdictOf()
redis.call('HSET', KEYS[1], 'state', ARGV[5], 'updatedAt', ARGV[6])
for i = 10, #ARGV, 2 do redis.call('HSET', KEYS[1], ARGV[i], ARGV[i + 1]) end
indexVerdict(ctx, ARGV[3], current, verdict)
redis.call('RPUSH', KEYS[2], ARGV[7])
if KEYS[3] then redis.call('SET', KEYS[3], ARGV[8]) end
countCredits(ctx, charged)
retain(ctx, ARGV[3])
return readBack('ok')
