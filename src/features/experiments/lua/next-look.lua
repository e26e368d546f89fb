--[[
  Schedules a running experiment's next daily look. Only while it runs: a look that read it
  running must not postpone an end recorded meanwhile (due now for its steps) to the next day.

  KEYS[1] record     the experiment's hash (fields JSON-encoded)
  KEYS[2] due        app-wide sorted set of experiments due a look
  ARGV[1] dueMember  '<shop> <id>'
  ARGV[2] atMs       when its next look runs

  Returns 1 if scheduled, 0 if the experiment is not running.
]]
if redis.call('HGET', KEYS[1], 'state') ~= '"running"' then return 0 end
redis.call('ZADD', KEYS[2], tonumber(ARGV[2]), ARGV[1])
return 1
