--[[
  Gives the next turn at a stage: first the waits that have come due join their shops' lines,
  ahead of the generations that have not had a turn yet (at most `promoteMax` of each kind a
  call), then the shop at the head of the ring gives the first generation of its line a turn
  (a new token) and goes to the back of the ring if it may take another, else leaves it. A
  generation that holds a turn already is dropped from the line on the way: it is being run.

  KEYS[1] ring         shops that may take a turn, in turn order (list)
  KEYS[2] ringMembers  the ring's shops (set)
  KEYS[3] due          generations to put in line later (sorted set '<shop> <id>' -> ms)
  KEYS[4] outageDue    the same, waiting on an outage
  KEYS[5] running      turns given (sorted set '<shop> <id> <token>' -> ms)
  KEYS[6] sequence     counter for places in line and tokens
  ARGV[1] now          ms
  ARGV[2] lineBefore   a shop's line key, before the shop
  ARGV[3] lineAfter    and after it
  ARGV[4] heldBefore   a shop's held turns key, before the shop
  ARGV[5] heldAfter    and after it
  ARGV[6] perShop      turns a shop may hold at once
  ARGV[7] promoteMax   waits moved into lines per call and kind

  Returns {shop, generationId, token}, or {'', nextDueAt} when no shop may take a turn
  (nextDueAt: the earliest wait's time in ms, -1 when nothing waits).
]]
--- @include "turn-ring"
local function line(shop) return ARGV[2] .. shop .. ARGV[3] end
local function held(shop) return ARGV[4] .. shop .. ARGV[5] end

for _, waits in ipairs({KEYS[3], KEYS[4]}) do
  local ready = redis.call('ZRANGEBYSCORE', waits, '-inf', ARGV[1], 'LIMIT', 0, tonumber(ARGV[7]))
  for _, member in ipairs(ready) do
    redis.call('ZREM', waits, member)
    local shop, id = string.match(member, '^(%S+) (%S+)$')
    redis.call('ZADD', line(shop), 'NX', linePlace(redis.call('INCR', KEYS[6]), 'back'), id)
    offerTurn(KEYS[1], KEYS[2], line(shop), held(shop), shop, ARGV[6])
  end
end

local turns = redis.call('LLEN', KEYS[1])
for _ = 1, turns do
  local shop = redis.call('LPOP', KEYS[1])
  if not shop then break end
  redis.call('SREM', KEYS[2], shop)
  local found = nil
  if redis.call('HLEN', held(shop)) < tonumber(ARGV[6]) then
    while not found do
      local popped = redis.call('ZPOPMIN', line(shop))
      if not popped[1] then break end
      if redis.call('HEXISTS', held(shop), popped[1]) == 0 then found = popped[1] end
    end
  end
  if found then
    local token = tostring(redis.call('INCR', KEYS[6]))
    redis.call('HSET', held(shop), found, token)
    redis.call('ZADD', KEYS[5], ARGV[1], shop .. ' ' .. found .. ' ' .. token)
    offerTurn(KEYS[1], KEYS[2], line(shop), held(shop), shop, ARGV[6])
    return {shop, found, token}
  end
  offerTurn(KEYS[1], KEYS[2], line(shop), held(shop), shop, ARGV[6])
end

local nextDue = -1
for _, waits in ipairs({KEYS[3], KEYS[4]}) do
  local first = redis.call('ZRANGE', waits, 0, 0, 'WITHSCORES')
  if first[2] and (nextDue < 0 or tonumber(first[2]) < nextDue) then nextDue = tonumber(first[2]) end
end
return {'', nextDue}
