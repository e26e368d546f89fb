--[[
  Stores a new generation and puts it at the back of its shop's line in one step, so no crash
  can leave a `queued` generation that is not in line (nothing would ever send it).

  KEYS[1] waiting      the shop's waiting generations of this priority (sorted set)
  KEYS[2] ring         shops with waiting work, in turn order (list)
  KEYS[3] ringMembers  the ring's shops (set)
  KEYS[4] pausedShops
  KEYS[5] sequence     counter giving each push its place in line
  KEYS[6] dispatching  armed generations (sorted set)
  KEYS[7] lineDepths   shops by the depth of their line of this priority (hash)
  ARGV[1] shop
  ARGV[2] generationId
  ARGV[3] writes  JSON array of commands [command, ...args] that store the generation (the
                  generation store's `prepare`)

  Returns 1.
]]
--- @include "waiting-line"
for _, write in ipairs(cjson.decode(ARGV[3])) do redis.call(unpack(write)) end
pushWaiting({
  waiting = KEYS[1], ring = KEYS[2], ringMembers = KEYS[3],
  pausedShops = KEYS[4], sequence = KEYS[5], dispatching = KEYS[6], lineDepths = KEYS[7],
}, ARGV[1], ARGV[2], '0', '')
return 1
