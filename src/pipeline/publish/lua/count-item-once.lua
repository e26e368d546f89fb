--[[
  Counts a review batch item's outcome, once per item: an item handled again (after a worker
  crash) is not counted twice.

  KEYS[1] batch        the batch's progress hash
  KEYS[2] counted      the set of items already counted
  ARGV[1] id           the item (generation id)
  ARGV[2] outcome      the counter to add 1 to: done, skipped or failed
  ARGV[3] updatedAt    ISO 8601
  ARGV[4] keepSeconds  how long the counted set is kept

  Returns 1 if the item was counted now, 0 if it was already.
]]
if redis.call('SADD', KEYS[2], ARGV[1]) == 0 then return 0 end
redis.call('EXPIRE', KEYS[2], ARGV[4])
redis.call('HINCRBY', KEYS[1], ARGV[2], 1)
redis.call('HSET', KEYS[1], 'updatedAt', ARGV[3])
return 1
