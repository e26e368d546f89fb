--[[
  Counts the shop's runs still reading their products, as create-within-cap.lua counts them
  (the cheap look a bulk-run request takes before it reads anything from Shopify).

  KEYS[1] index      the shop's runs (sorted set of lex-ordered ids, newest last)
  ARGV[1] runPrefix  a run's record key is runPrefix .. id
  ARGV[2] lookback   how many of the newest runs are looked at

  Returns the count.
]]
--- @include "reading-runs"
return readingRuns(KEYS[1], ARGV[1], ARGV[2])
