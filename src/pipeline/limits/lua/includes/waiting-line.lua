--[[
  Defines `pushWaiting(k, shop, id, front, armedMember)`: puts generation `id` in its shop's line
  (at the back, or at the front when `front` is '1'), ends the arming `armedMember` names unless it
  is '', and puts the shop in the ring unless it is paused or there already. The line's new depth
  is counted (line-depths.lua) unless the shop is paused: its line is counted when it resumes.
  `k` holds the keys: waiting (the shop's line of this priority, sorted set), ring (list),
  ringMembers (set), pausedShops (set), sequence (counter), dispatching (armed, sorted set),
  lineDepths (hash).
]]
--- @include "line-depths"
local function pushWaiting(k, shop, id, front, armedMember)
  local seq = redis.call('INCR', k.sequence)
  local score = seq
  if front == '1' then score = -seq end
  local added = redis.call('ZADD', k.waiting, 'NX', score, id) == 1
  if armedMember ~= '' then redis.call('ZREM', k.dispatching, armedMember) end
  if redis.call('SISMEMBER', k.pausedShops, shop) == 1 then return end
  if added then deepen(k.lineDepths, redis.call('ZCARD', k.waiting), 1) end
  if redis.call('SADD', k.ringMembers, shop) == 1 then redis.call('RPUSH', k.ring, shop) end
end
