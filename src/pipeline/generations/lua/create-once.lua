--[[
  Writes a claim and the generations it names together, or nothing: a repeat finds the claim
  and gets the ids it named, so one claim never makes generations twice.

  KEYS[1] claim
  ARGV[1] ids     JSON array of the new generations' ids (the claim's value)
  ARGV[2] ttlMs   the claim's lifetime
  ARGV[3] writes  JSON array of commands [command, ...args] that store the generations

  Returns nil when created now, else the claim's JSON ids.
]]
local existing = redis.call('GET', KEYS[1])
if existing then return existing end
redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2])
for _, write in ipairs(cjson.decode(ARGV[3])) do redis.call(unpack(write)) end
return false
