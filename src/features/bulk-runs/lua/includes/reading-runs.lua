--[[
  Defines `readingRuns(index, runPrefix, lookback)`: how many of the shop's newest `lookback`
  runs are still reading their products (stored `running`, expansion not done), read from the
  runs' own records (JSON values). `index` is the shop's runs (sorted set of lex-ordered ids),
  a run's record key is `runPrefix .. id`.
]]
local function readingRuns(index, runPrefix, lookback)
  local running = 0
  local ids = redis.call('ZREVRANGEBYLEX', index, '+', '-', 'LIMIT', 0, tonumber(lookback))
  for _, id in ipairs(ids) do
    local run = redis.call('HMGET', runPrefix .. id, 'state', 'expansionDone')
    if run[1] == '"running"' and run[2] ~= 'true' then running = running + 1 end
  end
  return running
end
