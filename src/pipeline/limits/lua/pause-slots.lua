--[[
  Gives out no slot for `ms` from now; never shortens a longer pause already set.

  KEYS[1] pausedUntil  ms until which no slot is given out
  ARGV[1] ms

  Returns how long until slots are given out again (ms): this pause, or what is left of the
  longer one already set. A length, not Redis's instant: the caller's clock may differ.
]]
--- @include "now-ms"
local untilMs = now + tonumber(ARGV[1])
local current = tonumber(redis.call('GET', KEYS[1]) or '0')
if current < untilMs then
  redis.call('SET', KEYS[1], untilMs, 'PX', tonumber(ARGV[1]))
  return untilMs - now
end
return current - now
