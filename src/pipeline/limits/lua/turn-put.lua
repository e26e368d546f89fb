--[[
  Puts a generation in its shop's line for a stage, now or, with `dueAt`, once that time has
  come (the turn feeder moves it into the line then). Like an enqueue of a BullMQ job by its
  id, a generation already in line, waiting to be, or holding a turn at this stage is left as
  it is.

  KEYS[1] line         the shop's generations waiting for a turn here (sorted set, FIFO)
  KEYS[2] held         the shop's generations holding a turn here (hash id -> token)
  KEYS[3] ring         shops that may take a turn, in turn order (list)
  KEYS[4] ringMembers  the ring's shops (set)
  KEYS[5] due          generations to put in line later (sorted set '<shop> <id>' -> ms)
  KEYS[6] outageDue    the same, waiting on an outage
  KEYS[7] sequence     counter giving each generation its place in line
  ARGV[1] shop
  ARGV[2] generationId
  ARGV[3] dueAt        ms; 0 for now
  ARGV[4] perShop      turns a shop may hold at once

  Returns 1 when feeders should look again (the shop joined the ring, or this is the earliest
  wait), else 0.
]]
--- @include "turn-ring"
local member = ARGV[1] .. ' ' .. ARGV[2]
if redis.call('HEXISTS', KEYS[2], ARGV[2]) == 1 then return 0 end
if redis.call('ZSCORE', KEYS[5], member) or redis.call('ZSCORE', KEYS[6], member) then return 0 end
if redis.call('ZSCORE', KEYS[1], ARGV[2]) then return 0 end
local dueAt = tonumber(ARGV[3])
if dueAt > 0 then
  redis.call('ZADD', KEYS[5], dueAt, member)
  local first = redis.call('ZRANGE', KEYS[5], 0, 0)
  if first[1] == member then return 1 end
  return 0
end
redis.call('ZADD', KEYS[1], linePlace(redis.call('INCR', KEYS[7]), 'new'), ARGV[2])
return offerTurn(KEYS[3], KEYS[4], KEYS[1], KEYS[2], ARGV[1], ARGV[4])
