--[[
  Puts a queued generation in its shop's line (at the back, or at the front when it lost its
  turn), ends the arming it had (if the caller names one), and puts the shop in the ring unless
  it is paused or there already.

  KEYS[1] waiting      the shop's waiting generations of this priority (sorted set)
  KEYS[2] ring         shops with waiting work, in turn order (list)
  KEYS[3] ringMembers  the ring's shops (set)
  KEYS[4] pausedShops
  KEYS[5] sequence     counter giving each push its place in line
  KEYS[6] dispatching  armed generations (sorted set)
  KEYS[7] lineDepths   shops by the depth of their line of this priority (hash)
  ARGV[1] shop
  ARGV[2] generationId
  ARGV[3] front        1 for the front of the line, else 0
  ARGV[4] armedMember  the arming's member in `dispatching` to remove, or '' for none

  Returns 1.
]]
--- @include "waiting-line"
pushWaiting({
  waiting = KEYS[1], ring = KEYS[2], ringMembers = KEYS[3],
  pausedShops = KEYS[4], sequence = KEYS[5], dispatching = KEYS[6], lineDepths = KEYS[7],
}, ARGV[1], ARGV[2], ARGV[3], ARGV[4])
return 1
