--[[
  Moves a state record (bulk run, campaign) to a new state if it is in one of the allowed
  ones, and in the same step stamps the time and optionally (re)schedules it in a due set.
  Record fields are JSON-encoded.

  KEYS[1] record     the record's hash
  KEYS[2] due        (optional) sorted set to add `dueMember` to at `dueScore`
  ARGV[1] from       JSON array of the states it may move from
  ARGV[2] to         the new state, JSON
  ARGV[3] now        the time of the change, JSON (written to updatedAt)
  ARGV[4] stamp      a field also set to `now` (startedAt, endedAt), or ''
  ARGV[5] dueMember  the due set's member (ignored without KEYS[2])
  ARGV[6] dueScore   its score

  Returns {'ok'} | {'missing'} (no record) | {'stale', current state}
]]
local raw = redis.call('HGET', KEYS[1], 'state')
if not raw then return {'missing'} end
local current = cjson.decode(raw)
for _, state in ipairs(cjson.decode(ARGV[1])) do
  if state == current then
    redis.call('HSET', KEYS[1], 'state', ARGV[2], 'updatedAt', ARGV[3])
    if ARGV[4] ~= '' then redis.call('HSET', KEYS[1], ARGV[4], ARGV[3]) end
    if KEYS[2] then redis.call('ZADD', KEYS[2], tonumber(ARGV[6]), ARGV[5]) end
    return {'ok'}
  end
end
return {'stale', current}
