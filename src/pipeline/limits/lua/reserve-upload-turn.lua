--[[
  Reserves an account's next turn to call upload-asset (ProductAI allows one request per second
  per account): the key holds when the next turn is free; the caller's turn is the later of now
  and that time, and the next one an interval after it. Every caller gets its own turn at once,
  so callers wait their turn, in order, without asking again.

  KEYS[1] turn        the account's next free time (ms on Redis's clock)
  ARGV[1] intervalMs  ms between two turns

  Returns the ms to wait before the turn (0 when it is now).
]]
--- @include "now-ms"
local interval = tonumber(ARGV[1])
local free = tonumber(redis.call('GET', KEYS[1]) or '0')
local turn = math.max(now, free)
redis.call('SET', KEYS[1], tostring(turn + interval), 'PX', math.ceil(turn + interval - now))
return turn - now
