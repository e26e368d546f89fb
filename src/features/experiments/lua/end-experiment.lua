--[[
  Ends a running experiment with its end decided (why, winner, the arm kept), due at once for
  the end's steps. Only one end is ever recorded: the daily look, a merchant's stop, a
  campaign and an undo may race, and whichever moves it first decides.

  KEYS[1] record     the experiment's hash (fields JSON-encoded)
  KEYS[2] due        app-wide sorted set of experiments due a look
  ARGV[1] end        the end, JSON
  ARGV[2] now        the time, JSON (endedAt, updatedAt)
  ARGV[3] dueMember  '<shop> <id>'
  ARGV[4] dueMs      now, in ms

  Returns {'ok'} | {'missing'} | {'stale', current state}
]]
local raw = redis.call('HGET', KEYS[1], 'state')
if not raw then return {'missing'} end
local current = cjson.decode(raw)
if current ~= 'running' then return {'stale', current} end
redis.call('HSET', KEYS[1], 'state', '"ended"', 'end', ARGV[1], 'endedAt', ARGV[2],
  'updatedAt', ARGV[2])
redis.call('ZADD', KEYS[2], tonumber(ARGV[4]), ARGV[3])
return {'ok'}
