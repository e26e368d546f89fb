--[[
  Writes a claim and the generations it names together, or nothing: a repeat finds the claim
  and gets the ids it named, so one claim never makes generations twice.
  With a cap, first counts the shop's generations not yet final (the ZCARD of each such state
  index, as create-in-line.lua does) and, when the new ones would pass it, stores instead the
  refusal (the same generations, already ended, with the claim: being refused is what the claim
  made) or, given none, nothing at all, not even the claim, so a later call decides afresh.
  The count is read, never kept, so it is exact under concurrency and after a crash.

  KEYS[1] claim
  ARGV[1] ids            JSON array of the new generations' ids (the claim's value)
  ARGV[2] ttlMs          the claim's lifetime
  ARGV[3] writes         JSON array of commands [command, ...args] that store the generations
  ARGV[4] cap            the shop's most generations not yet final, or 0 for none
  ARGV[5] refusedWrites  JSON array of commands that store them refused (ended), or '' for none
  ARGV[6...] pendingIndexes  the shop's index of each state not yet final (shop-quotas.ts)

  Returns {'existing', the claim's JSON ids} | {'created', 0} | {'refused', pending} |
  {'over_cap', pending}
]]
local existing = redis.call('GET', KEYS[1])
if existing then return { 'existing', existing } end
local cap = tonumber(ARGV[4])
if cap > 0 then
  local pending = 0
  for i = 6, #ARGV do pending = pending + redis.call('ZCARD', ARGV[i]) end
  if pending + #cjson.decode(ARGV[1]) > cap then
    if ARGV[5] == '' then return { 'over_cap', pending } end
    redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2])
    for _, write in ipairs(cjson.decode(ARGV[5])) do redis.call(unpack(write)) end
    return { 'refused', pending }
  end
end
redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2])
for _, write in ipairs(cjson.decode(ARGV[3])) do redis.call(unpack(write)) end
return { 'created', 0 }
