--[[
  Gives out no slot for `ms` from now; never shortens a longer pause already set.

  KEYS[1] pausedUntil  ms until which no slot is given out
  ARGV[1] ms

  Returns the end of the pause this call asked for (ms, Redis's clock).
]]
--- @include "now-ms"
local untilMs = now + tonumber(ARGV[1])
if tonumber(redis.call('GET', KEYS[1]) or '0') < untilMs then
  redis.call('SET', KEYS[1], untilMs, 'PX', tonumber(ARGV[1]))
end
return untilMs
