--[[
  Defines `now`: the time in ms on Redis's clock, so that processes with skewed clocks agree.
]]
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
