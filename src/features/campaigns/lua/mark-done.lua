--[[
  Marks a phase of a campaign done (released, restored) and, in the same step, schedules its
  next due time or takes it out of the due set.

  KEYS[1] record     the campaign's hash
  KEYS[2] due        app-wide sorted set of due work
  ARGV[1] flag       the field set to true
  ARGV[2] now        JSON, written to updatedAt
  ARGV[3] dueMember  '<shop> <id>'
  ARGV[4] nextDueMs  when the campaign next needs a worker, or '' to leave the due set

  Returns 1, or 0 when the campaign is gone.
]]
if redis.call('EXISTS', KEYS[1]) == 0 then return 0 end
redis.call('HSET', KEYS[1], ARGV[1], 'true', 'updatedAt', ARGV[2])
if ARGV[4] == '' then redis.call('ZREM', KEYS[2], ARGV[3])
else redis.call('ZADD', KEYS[2], tonumber(ARGV[4]), ARGV[3]) end
return 1
