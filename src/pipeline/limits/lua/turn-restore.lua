--[[
  Gives back a turn whose job is gone (a feeder died between giving the turn and adding its
  job, or the job was lost): if it is still current, the generation goes back to the front of
  its shop's line (turn-ring.lua `linePlace`), to be given a new turn; either way the turn's
  record goes.

  KEYS[1] line         the shop's generations waiting for a turn here (sorted set)
  KEYS[2] held         the shop's generations holding a turn here (hash id -> token)
  KEYS[3] ring         shops that may take a turn (list)
  KEYS[4] ringMembers  the ring's shops (set)
  KEYS[5] running      turns given (sorted set '<shop> <id> <token>' -> ms)
  KEYS[6] sequence     counter for places in line
  ARGV[1] shop
  ARGV[2] generationId
  ARGV[3] token
  ARGV[4] perShop      turns a shop may hold at once

  Returns 1 when the generation was put back in line, else 0.
]]
--- @include "turn-ring"
redis.call('ZREM', KEYS[5], ARGV[1] .. ' ' .. ARGV[2] .. ' ' .. ARGV[3])
if redis.call('HGET', KEYS[2], ARGV[2]) ~= ARGV[3] then return 0 end
redis.call('HDEL', KEYS[2], ARGV[2])
redis.call('ZADD', KEYS[1], linePlace(redis.call('INCR', KEYS[6]), 'lost'), ARGV[2])
offerTurn(KEYS[3], KEYS[4], KEYS[1], KEYS[2], ARGV[1], ARGV[4])
return 1
