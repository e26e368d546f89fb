--[[
  Stores new generations and puts them at the back of their shop's line in one step, so no crash
  can leave a `queued` generation that is not in line (nothing would ever send it). With a cap,
  first counts the shop's generations not yet final (the ZCARD of each such state index) and
  stores nothing when the new ones would pass it: the count is read, never kept, so it is exact
  under concurrency and after a crash, and a generation frees its place as it leaves those states.

  KEYS[1] waiting      the shop's waiting generations of this priority (sorted set)
  KEYS[2] ring         shops with waiting work, in turn order (list)
  KEYS[3] ringMembers  the ring's shops (set)
  KEYS[4] pausedShops
  KEYS[5] sequence     counter giving each push its place in line
  KEYS[6] dispatching  armed generations (sorted set)
  KEYS[7] lineDepths   shops by the depth of their line of this priority (hash)
  ARGV[1] shop
  ARGV[2] generationIds  JSON array of the new generations' ids, in line order
  ARGV[3] writes  JSON array of commands [command, ...args] that store the generations (the
                  generation store's `prepare`)
  ARGV[4] cap     the shop's most generations not yet final, or 0 for none
  ARGV[5...] pendingIndexes  the shop's index of each state not yet final (generations/keys.ts
                  pendingIndexes; the same shop's keys as KEYS, so passed as a list here)

  Returns {1, pending before} when stored, {0, pending} when the cap refused them.
]]
--- @include "waiting-line"
local ids = cjson.decode(ARGV[2])
local cap = tonumber(ARGV[4])
local pending = 0
if cap > 0 then
  for i = 5, #ARGV do pending = pending + redis.call('ZCARD', ARGV[i]) end
  if pending + #ids > cap then return { 0, pending } end
end
for _, write in ipairs(cjson.decode(ARGV[3])) do redis.call(unpack(write)) end
local k = {
  waiting = KEYS[1], ring = KEYS[2], ringMembers = KEYS[3],
  pausedShops = KEYS[4], sequence = KEYS[5], dispatching = KEYS[6], lineDepths = KEYS[7],
}
for _, id in ipairs(ids) do pushWaiting(k, ARGV[1], id, '0', '') end
return { 1, pending }
