--[[
  Takes the next generation to submit in fair order (interactive before bulk, shops in turn)
  and arms it with a new token, while fewer than `lookahead` generations of its priority are
  armed: a click is armed beside the bulk generation waiting for its slot, and takes the next
  slot before it (acquire-slot.lua), and an armed click does not keep the next bulk generation
  from getting ready for the slot after. Skips paused shops (taking them out of the ring) and
  ids no longer `queued`; a shop with more waiting goes to the back of the ring. Every id taken
  out of a line, dropped ones too, is counted off its priority's line depths (line-depths.lua).

  KEYS[1] ringInteractive     shops with waiting interactive work, in turn order (list)
  KEYS[2] membersInteractive  that ring's shops (set)
  KEYS[3] ringBulk
  KEYS[4] membersBulk
  KEYS[5] pausedShops
  KEYS[6] dispatching         armed generations: member '<shop> <id> <token>', score armed at (ms)
  KEYS[7] sequence            counter the arming token is taken from (shared with push)
  KEYS[8] depthsInteractive   shops by the depth of their interactive line (hash)
  KEYS[9] depthsBulk
  ARGV[1] now                 ms
  ARGV[2] interactiveBefore   a shop's interactive waiting key, before the shop
  ARGV[3] interactiveAfter    and after it
  ARGV[4] bulkBefore
  ARGV[5] bulkAfter
  ARGV[6] recordBefore        generation record key before the shop
  ARGV[7] recordMiddle        between shop and id
  ARGV[8] lookahead           most generations of one priority armed at once

  Returns {shop, generationId, priority, token} | {'busy'} (nothing that may be armed now, and
  `lookahead` of a priority armed) | nil (nothing waiting)
]]
--- @include "line-depths"
local lookahead = tonumber(ARGV[8])
local armed = redis.call('ZRANGE', KEYS[6], 0, -1)
local armedInteractive = 0
for _, member in ipairs(armed) do
  local shop, id = string.match(member, '^(%S+) (%S+) ')
  if redis.call('HGET', ARGV[6] .. shop .. ARGV[7] .. id, 'priority') == '"interactive"' then
    armedInteractive = armedInteractive + 1
  end
end
local armedBulk = #armed - armedInteractive
local classes = {}
local interactiveMayArm = armedInteractive < lookahead
if interactiveMayArm then
  table.insert(classes,
    {ring = KEYS[1], members = KEYS[2], depths = KEYS[8], before = ARGV[2], after = ARGV[3],
     name = 'interactive'})
end
local bulkMayArm = armedBulk < lookahead
if bulkMayArm then
  table.insert(classes,
    {ring = KEYS[3], members = KEYS[4], depths = KEYS[9], before = ARGV[4], after = ARGV[5],
     name = 'bulk'})
end
if #classes == 0 then return {'busy'} end
for _, class in ipairs(classes) do
  local turns = redis.call('LLEN', class.ring)
  for _ = 1, turns do
    local shop = redis.call('LPOP', class.ring)
    if not shop then break end
    if redis.call('SISMEMBER', KEYS[5], shop) == 1 then
      redis.call('SREM', class.members, shop)
    else
      local waiting = class.before .. shop .. class.after
      local depth = redis.call('ZCARD', waiting)
      local found = nil
      while not found and depth > 0 do
        local popped = redis.call('ZPOPMIN', waiting)
        deepen(class.depths, depth, -1)
        depth = depth - 1
        if redis.call('HGET', ARGV[6] .. shop .. ARGV[7] .. popped[1], 'state') == '"queued"' then
          found = popped[1]
        end
      end
      if depth > 0 then
        redis.call('RPUSH', class.ring, shop)
      else
        redis.call('SREM', class.members, shop)
      end
      if found then
        local token = tostring(redis.call('INCR', KEYS[7]))
        redis.call('ZADD', KEYS[6], ARGV[1], shop .. ' ' .. found .. ' ' .. token)
        return {shop, found, class.name, token}
      end
    end
  end
end
if not (interactiveMayArm and bulkMayArm) then return {'busy'} end
return false
