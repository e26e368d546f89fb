--[[
  Admits generations on a shop's day if its credit cap covers them all (or none), and says what
  the day has spent. Each day entry is generation id -> credits reserved; what a generation
  really costs is read from its record: charged credits once charged, 0 when it ended unpaid
  (failed, cancelled, or gone), else the reservation. An id already in the day is admitted
  already (a repeat after a crash): it is not added again.

  KEYS[1] day           the day's hash generation id -> credits reserved
  ARGV[1] cap           credits a day, or -1 to only read
  ARGV[2] recordPrefix  generation record key without the id
  ARGV[3] ttlMs         how long the day is kept
  ARGV[4] wanted        JSON [[id, credits], ...]

  Returns {admitted 1/0, credits spent (including those just admitted)}
]]
local entries = redis.call('HGETALL', KEYS[1])
local spent = 0
for i = 1, #entries, 2 do
  local state, charged = unpack(redis.call('HMGET', ARGV[2] .. entries[i], 'state', 'chargedCredits'))
  local paid = charged and cjson.decode(charged)
  if type(paid) == 'number' then spent = spent + paid
  elseif state == '"failed"' or state == '"cancelled"' or not state then spent = spent + 0
  else spent = spent + tonumber(entries[i + 1]) end
end
local cap = tonumber(ARGV[1])
if cap < 0 then return {0, spent} end
local adding = 0
local wanted = cjson.decode(ARGV[4])
for _, entry in ipairs(wanted) do
  if redis.call('HEXISTS', KEYS[1], entry[1]) == 0 then adding = adding + entry[2] end
end
if adding > 0 and spent + adding > cap then return {0, spent} end
for _, entry in ipairs(wanted) do redis.call('HSETNX', KEYS[1], entry[1], entry[2]) end
redis.call('PEXPIRE', KEYS[1], ARGV[3])
return {1, spent + adding}
