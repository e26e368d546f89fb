--[[
  Removes the index entries of a shop's generations whose retention is due (their records
  expired by TTL at the same time), at most `batch` of them, and counts them by state (for
  recount-states); then re-scores the shop by its next expiry, or drops it. Each retention
  member is 'id\nproductId\nbulkRunId\noptionGroup', so the sweep never needs the record.

  KEYS[1] retention       the shop's retention set, scored by expiry
  KEYS[2] retentionShops  app-wide: shops scored by their earliest expiry
  KEYS[3] sweptCounts     the shop's swept generations by state
  ARGV[1] now             ms
  ARGV[2] batch
  ARGV[3] shop
  ARGV[4] indexPrefix     the shop's index keys' prefix
  ARGV[5] terminalStates  JSON array

  Returns the number of generations swept.
]]
local due = redis.call('ZRANGEBYSCORE', KEYS[1], '-inf', ARGV[1], 'LIMIT', 0, tonumber(ARGV[2]))
local terminal = cjson.decode(ARGV[5])
for _, member in ipairs(due) do
  local id, product, bulk, group =
    string.match(member, '^([^\n]*)\n([^\n]*)\n([^\n]*)\n?(.*)$')
  redis.call('ZREM', ARGV[4] .. 'all', id)
  redis.call('ZREM', ARGV[4] .. 'product:' .. product, id)
  if bulk ~= '' then redis.call('ZREM', ARGV[4] .. 'bulk:' .. bulk, id) end
  if group ~= '' then redis.call('ZREM', ARGV[4] .. 'options:' .. group, id) end
  for _, state in ipairs(terminal) do
    if redis.call('ZREM', ARGV[4] .. 'state:' .. state, id) == 1 then
      redis.call('HINCRBY', KEYS[3], state, 1)
    end
    if bulk ~= '' then redis.call('ZREM', ARGV[4] .. 'bulk-state:' .. bulk .. ':' .. state, id) end
  end
  redis.call('ZREM', KEYS[1], member)
end
local nextDue = redis.call('ZRANGE', KEYS[1], 0, 0, 'WITHSCORES')
if nextDue[2] then redis.call('ZADD', KEYS[2], nextDue[2], ARGV[3])
else redis.call('ZREM', KEYS[2], ARGV[3]) end
return #due
