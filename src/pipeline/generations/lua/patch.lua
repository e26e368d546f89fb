--[[
  Writes fields of an existing generation without changing its state, keeping the credit
  counters and a run's results in review by verdict (generation-counters), and optionally adds a line to the note of its latest history
  entry (what was learnt in the current state: no new entry, the moves stay as they were).

  KEYS[1] record       the generation's hash (JSON-encoded fields)
  KEYS[2] transitions  its list of transitions (read back)
  ARGV[1] ctx          JSON counters context (store/counters-context.ts)
  ARGV[2] note         text to add to the latest entry's note, or ''
  ARGV[3...] patch     field, JSON value, field, JSON value, ...

  Returns readBack('ok') | {'missing'}
]]
--- @include "generation-read-back"
--- @include "generation-counters"
if redis.call('EXISTS', KEYS[1]) == 0 then return {'missing'} end
local charged = chargedOf(redis.call('HGET', KEYS[1], 'chargedCredits'))
local state, verdict = field('state'), verdictOf()
for i = 3, #ARGV, 2 do redis.call('HSET', KEYS[1], ARGV[i], ARGV[i + 1]) end
indexVerdict(cjson.decode(ARGV[1]), field('id'), state, verdict)
if ARGV[2] ~= '' then
  local latest = redis.call('LINDEX', KEYS[2], -1)
  if latest then
    local entry = cjson.decode(latest)
    entry.note = entry.note and (entry.note .. '; ' .. ARGV[2]) or ARGV[2]
    redis.call('LSET', KEYS[2], -1, cjson.encode(entry))
  end
end
countCredits(cjson.decode(ARGV[1]), charged)
return readBack('ok')
