--[[
  Opens an experiment to storefront events: writes its "accepting events" record and allocates
  its counters at their full size at once (zero bytes, one slot per day and arm, see
  record-events.lua), so that they never grow, whatever the traffic. Opening an experiment that
  is already open changes nothing (its counts are kept).

  KEYS[1] experiment  the record (hash: arms, firstDay, days, state)
  KEYS[2] counters    the counters (a string of days x arms slots)
  ARGV[1] arms        the arm ids, comma-separated, in order (an arm's slot is its position)
  ARGV[2] firstDay    the first day events are counted, in days since 1970-01-01 (UTC)
  ARGV[3] days        how many days events are counted from firstDay
  ARGV[4] slotBytes   the bytes of one day and arm's counters

  Returns 1 if the experiment was opened, 0 if it already was.
]]
if redis.call('EXISTS', KEYS[1]) == 1 then return 0 end
local _, commas = string.gsub(ARGV[1], ',', ',')
local armCount = commas + 1
redis.call('HSET', KEYS[1], 'arms', ARGV[1], 'firstDay', ARGV[2], 'days', ARGV[3], 'state', 'running')
-- SET of the whole string allocates it exactly; growing it by BITFIELD would double its size.
redis.call('SET', KEYS[2], string.rep('\0', tonumber(ARGV[3]) * armCount * tonumber(ARGV[4])))
return 1
