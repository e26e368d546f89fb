--[[
  Defines `deepen(depths, depth, delta)` and `countLine(depths, waiting, delta)`, which keep a
  priority's line depths (a hash depth -> number of shops, not paused, with at least that many
  generations waiting: keys.ts lineDepths) in step with the shops' lines, so that a forecast
  reads what waits in one step however many shops wait (read-line-depths.lua).
  `deepen`: a line grew to `depth` (delta 1) or shrank from it (delta -1). A depth no shop
  reaches any more is deleted, so the hash holds as many fields as the deepest line is long.
  `countLine`: a whole line enters the counts (delta 1: its shop resumed) or leaves them (delta
  -1: its shop paused or removed); as many writes as the line is long.
]]
local function deepen(depths, depth, delta)
  if redis.call('HINCRBY', depths, depth, delta) <= 0 then redis.call('HDEL', depths, depth) end
end

local function countLine(depths, waiting, delta)
  for depth = 1, redis.call('ZCARD', waiting) do deepen(depths, depth, delta) end
end
