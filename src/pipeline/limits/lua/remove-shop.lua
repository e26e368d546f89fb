--[[
  Forgets a shop's lines (uninstall, erasure) and its pause; what its lines counted in the line
  depths (line-depths.lua) goes with them. Its ring entries go by themselves at the next pop
  (their lines are empty).

  KEYS[1] pausedShops
  KEYS[2] waitingInteractive  the shop's waiting interactive generations (sorted set)
  KEYS[3] depthsInteractive   shops by the depth of their interactive line (hash)
  KEYS[4] waitingBulk
  KEYS[5] depthsBulk
  ARGV[1] shop

  Returns 1.
]]
--- @include "line-depths"
-- A paused shop's lines are not counted (pause-shop.lua).
if redis.call('SREM', KEYS[1], ARGV[1]) == 0 then
  countLine(KEYS[3], KEYS[2], -1)
  countLine(KEYS[5], KEYS[4], -1)
end
redis.call('DEL', KEYS[2], KEYS[4])
return 1
