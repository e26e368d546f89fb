--[[
  Records a bulk run's expansion progress after a page of products, if the run still exists.

  KEYS[1] run               the run's hash
  ARGV[1] cursor            JSON: where the next page starts
  ARGV[2] expanded          products expanded in this page (added)
  ARGV[3] done              JSON boolean: expansion finished
  ARGV[4] gone              products of the page deleted since they were chosen (added to
                            skippedUnprocessable, as the estimate counts them)
  ARGV[5] updatedAt         JSON

  Returns 1 if recorded, 0 if the run is gone.
]]
if redis.call('EXISTS', KEYS[1]) == 0 then return 0 end
redis.call('HINCRBY', KEYS[1], 'expandedCount', tonumber(ARGV[2]))
redis.call('HINCRBY', KEYS[1], 'skippedUnprocessable', tonumber(ARGV[4]))
redis.call('HSET', KEYS[1], 'cursor', ARGV[1], 'expansionDone', ARGV[3], 'updatedAt', ARGV[5])
return 1
