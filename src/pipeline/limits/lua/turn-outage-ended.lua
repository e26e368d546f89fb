--[[
  A service answers again after an outage: every generation waiting on it at this stage, of
  every shop, is due now (the turn feeder puts them in their shops' lines, where shops take
  turns), instead of each at the end of its own backoff.

  KEYS[1] outageDue  generations waiting on the outage (sorted set '<shop> <id>' -> ms)
  KEYS[2] due        generations to put in line once their time has come (same)
  ARGV[1] now        ms

  Returns how many were waiting.
]]
local waiting = redis.call('ZRANGE', KEYS[1], 0, -1)
for _, member in ipairs(waiting) do redis.call('ZADD', KEYS[2], ARGV[1], member) end
redis.call('DEL', KEYS[1])
return #waiting
