--[[
  Takes one request from a caller's budget (GCRA, the generic cell rate algorithm: a token
  bucket of `burst` requests refilled at one every `intervalMs`, kept as one number). The key
  holds the bucket's "theoretical arrival time" (TAT): the time at which it would be full again.
  A request is allowed when, once counted, the TAT is at most `burst` intervals ahead of now; a
  refused request changes nothing. The key expires when the bucket is full again, so an idle
  caller costs no memory.

  KEYS[1] bucket      the caller's key
  ARGV[1] intervalMs  ms for one request to come back into the bucket (may be fractional)
  ARGV[2] burst       requests a full bucket allows at once

  Returns {1, 0} when allowed, {0, retryAfterMs} when refused (ms until one request is back).
]]
--- @include "now-ms"
local interval = tonumber(ARGV[1])
local burst = tonumber(ARGV[2])
local tat = tonumber(redis.call('GET', KEYS[1]) or '0')
if tat < now then tat = now end
local counted = tat + interval
local allowedAt = counted - burst * interval
if allowedAt > now then
  return {0, math.ceil(allowedAt - now)}
end
redis.call('SET', KEYS[1], string.format('%.3f', counted), 'PX', math.ceil(counted - now))
return {1, 0}
