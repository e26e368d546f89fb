--[[
  Counts the slots in use in the current window (the older ones acquire-slot.lua keeps one
  interval more are not counted).

  KEYS[1] slots     sorted set of slots
  ARGV[1] windowMs

  Returns the number of slots in the window.
]]
--- @include "now-ms"
return redis.call('ZCOUNT', KEYS[1], '(' .. (now - tonumber(ARGV[1])), '+inf')
