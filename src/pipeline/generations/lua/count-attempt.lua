--[[
  Counts one more attempt of a stage on a generation; a generation that no longer exists
  (erased) gets no stray key.

  KEYS[1] record  the generation's hash
  ARGV[1] field   the stage's attempt counter field

  Returns the new count, or 0 when the generation is gone.
]]
if redis.call('EXISTS', KEYS[1]) == 0 then return 0 end
return redis.call('HINCRBY', KEYS[1], ARGV[1], 1)
