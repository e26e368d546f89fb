--[[
  What waits beside one shop's bulk work, for its forecast (bulk-forecaster.ts), read from the
  line depths (line-depths.lua): the same few commands however many shops wait, where reading
  every waiting shop's line would take one command per shop (1,011 at 10,000 shops).

  KEYS[1] pausedShops
  KEYS[2] depthsInteractive  shops by the depth of their interactive line (hash)
  KEYS[3] depthsBulk
  KEYS[4] waitingBulk        the shop's waiting bulk generations (sorted set)
  ARGV[1] shop
  ARGV[2] beyondOwn          how many depths past the shop's own line are wanted

  Returns nil while the shop is paused, else {interactive, ownBulk, others at depth 1, 2, ...}:
  the interactive generations waiting (every shop not paused), the shop's own waiting bulk
  generations, and for each depth d the other shops (not paused) with at least d waiting, up to
  the shop's own depth plus `beyondOwn`, and no further than the other shops' lines go: past
  their deepest every later depth is 0 too (fewer shops at each depth), and the forecast sums
  what it is given. So the read grows with the other shops' lines, not with the shop's own: reading
  every depth of the shop's own line would cost a run of 5,000 queued products 5,000 reads (25 ms
  a forecast, 124 ms at 20,000), where this reads one.
]]
if redis.call('SISMEMBER', KEYS[1], ARGV[1]) == 1 then return false end
local interactive = 0
for _, shops in ipairs(redis.call('HVALS', KEYS[2])) do
  interactive = interactive + tonumber(shops)
end
local own = redis.call('ZCARD', KEYS[4])
local reply = {interactive, own}
for depth = 1, own + tonumber(ARGV[2]) do
  -- Never below 0: lines that held generations before the depths were kept (an upgrade) are
  -- counted short until they drain, and a forecast is "about" anyway.
  local others = tonumber(redis.call('HGET', KEYS[3], depth) or '0')
  if depth <= own then others = math.max(0, others - 1) end
  if others == 0 then break end
  reply[#reply + 1] = others
end
return reply
