--[[
  Takes a rate-limit slot if the window has one free and no pause is on: drops the slots older
  than the window, then adds this one at now (Redis's clock).

  KEYS[1] slots        sorted set of slots, scored by when they count from
  KEYS[2] pausedUntil  ms until which no slot is given out (after a 429)
  ARGV[1] limit        slots per window
  ARGV[2] windowMs
  ARGV[3] slotId

  Returns 0 when the slot was taken, else the ms to wait before trying again.
]]
--- @include "now-ms"
local pausedUntil = tonumber(redis.call('GET', KEYS[2]) or '0')
if pausedUntil > now then return pausedUntil - now end
local window = tonumber(ARGV[2])
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now - window)
if redis.call('ZCARD', KEYS[1]) < tonumber(ARGV[1]) then
  redis.call('ZADD', KEYS[1], now, ARGV[3])
  redis.call('PEXPIRE', KEYS[1], window * 2)
  return 0
end
local oldest = redis.call('ZRANGE', KEYS[1], 0, 0, 'WITHSCORES')
return math.max(1, tonumber(oldest[2]) + window - now + 1)
