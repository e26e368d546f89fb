--[[
  Defines `live(raw)`: whether a submission claim's holder (its JSON token) is still live: its
  generation in `submitting` or `uncertain` with the token's `submittedAt`. Record fields are
  JSON-encoded.
  Expects ARGV[1] recordBefore and ARGV[2] recordMiddle: the generation record key's parts
  before and after the shop (keys.ts recordTemplate).
]]
local function live(raw)
  if not raw then return false end
  local holder = cjson.decode(raw)
  local record = ARGV[1] .. holder.shop .. ARGV[2] .. holder.generationId
  local fields = redis.call('HMGET', record, 'state', 'submittedAt')
  if fields[1] ~= '"submitting"' and fields[1] ~= '"uncertain"' then return false end
  return fields[2] and cjson.decode(fields[2]) == holder.submittedAt
end
