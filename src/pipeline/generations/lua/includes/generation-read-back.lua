--[[
  Defines `readBack(status)`: {status, the generation's hash fields..., '\n', its transitions...},
  so that a script that changed a generation answers the updated record in the same round trip.
  Expects KEYS[1] the generation's hash and KEYS[2] its list of transitions.
]]
local function readBack(status)
  local out = {status}
  local fields = redis.call('HGETALL', KEYS[1])
  for i = 1, #fields do out[#out + 1] = fields[i] end
  out[#out + 1] = '\n'
  local history = redis.call('LRANGE', KEYS[2], 0, -1)
  for i = 1, #history do out[#out + 1] = history[i] end
  return out
end
