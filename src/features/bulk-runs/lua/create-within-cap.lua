--[[
  Creates a bulk run unless its shop already has `cap` runs still reading their products (stored
  `running`, expansion not done). The count is read from the runs' own records, never kept, so
  it is exact under concurrent starts and frees itself when a run finishes reading, is paused
  or cancelled, or a crash leaves anything half done.

  KEYS[1] index      the shop's runs (sorted set of lex-ordered ids, newest last)
  KEYS[2] run        the new run's record (hash)
  ARGV[1] id         the new run's id
  ARGV[2] cap        the shop's most runs reading at once
  ARGV[3] runPrefix  a run's record key is runPrefix .. id
  ARGV[4] lookback   how many of the newest runs are looked at (bounds the script's work)
  ARGV[5...] fields  the new record's field, value pairs (JSON values)

  Returns {1, running before} when created, {0, running} when the cap refused it.
]]
--- @include "reading-runs"
local running = readingRuns(KEYS[1], ARGV[3], ARGV[4])
if running >= tonumber(ARGV[2]) then return { 0, running } end
redis.call('HSET', KEYS[2], unpack(ARGV, 5))
redis.call('ZADD', KEYS[1], 0, ARGV[1])
return { 1, running }
