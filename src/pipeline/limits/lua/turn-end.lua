--[[
  Ends a turn (its job is done, gave up, or runs again later), if it is still the generation's
  current one: the shop may take another, and with `dueAt` the generation waits until then for
  its next (in `waits`: the due waits, or the outage waits).

  KEYS[1] line         the shop's generations waiting for a turn here (sorted set)
  KEYS[2] held         the shop's generations holding a turn here (hash id -> token)
  KEYS[3] ring         shops that may take a turn (list)
  KEYS[4] ringMembers  the ring's shops (set)
  KEYS[5] running      turns given (sorted set '<shop> <id> <token>' -> ms)
  KEYS[6] waits        where the generation waits for its next turn (sorted set '<shop> <id>' -> ms)
  ARGV[1] shop
  ARGV[2] generationId
  ARGV[3] token        the turn's
  ARGV[4] dueAt        ms; 0 when the stage is done with the generation
  ARGV[5] perShop      turns a shop may hold at once

  Returns 1 when feeders should look again (the shop joined the ring, or the wait is the
  earliest), 0 when not, -1 when the turn was not current (nothing changed).
]]
--- @include "turn-ring"
if redis.call('HGET', KEYS[2], ARGV[2]) ~= ARGV[3] then return -1 end
redis.call('HDEL', KEYS[2], ARGV[2])
redis.call('ZREM', KEYS[5], ARGV[1] .. ' ' .. ARGV[2] .. ' ' .. ARGV[3])
local wake = 0
local dueAt = tonumber(ARGV[4])
if dueAt > 0 then
  local member = ARGV[1] .. ' ' .. ARGV[2]
  redis.call('ZADD', KEYS[6], dueAt, member)
  if redis.call('ZRANGE', KEYS[6], 0, 0)[1] == member then wake = 1 end
end
if offerTurn(KEYS[3], KEYS[4], KEYS[1], KEYS[2], ARGV[1], ARGV[5]) == 1 then wake = 1 end
return wake
