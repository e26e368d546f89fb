--[[
  Pauses a shop's work: the dispatcher passes it over (pop-next.lua), and its lines leave the
  line depths (line-depths.lua) until it resumes (resume-shop.lua). Its lines stay as they are.

  KEYS[1] pausedShops
  KEYS[2] waitingInteractive  the shop's waiting interactive generations (sorted set)
  KEYS[3] depthsInteractive   shops by the depth of their interactive line (hash)
  KEYS[4] waitingBulk
  KEYS[5] depthsBulk
  ARGV[1] shop

  Returns 1 if the shop was not paused, else 0.
]]
--- @include "line-depths"
if redis.call('SADD', KEYS[1], ARGV[1]) == 0 then return 0 end
countLine(KEYS[3], KEYS[2], -1)
countLine(KEYS[5], KEYS[4], -1)
return 1
