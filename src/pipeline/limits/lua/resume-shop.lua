--[[
  Resumes a paused shop's work: its lines enter the line depths again (line-depths.lua), and the
  shop goes back in the ring of each priority in which it has waiting work (also when it was not
  paused: the ring's members set keeps it there once).

  KEYS[1] pausedShops
  KEYS[2] waitingInteractive  the shop's waiting interactive generations (sorted set)
  KEYS[3] depthsInteractive   shops by the depth of their interactive line (hash)
  KEYS[4] ringInteractive     shops with waiting interactive work, in turn order (list)
  KEYS[5] membersInteractive  that ring's shops (set)
  KEYS[6] waitingBulk
  KEYS[7] depthsBulk
  KEYS[8] ringBulk
  KEYS[9] membersBulk
  ARGV[1] shop

  Returns 1 if the shop was paused, else 0.
]]
--- @include "line-depths"
local wasPaused = redis.call('SREM', KEYS[1], ARGV[1])
local function resume(waiting, depths, ring, members)
  if wasPaused == 1 then countLine(depths, waiting, 1) end
  if redis.call('ZCARD', waiting) > 0 and redis.call('SADD', members, ARGV[1]) == 1 then
    redis.call('RPUSH', ring, ARGV[1])
  end
end
resume(KEYS[2], KEYS[3], KEYS[4], KEYS[5])
resume(KEYS[6], KEYS[7], KEYS[8], KEYS[9])
return wasPaused
