--[[
  Counts one visitor's batch of events in one arm of an experiment, O(1) per event.

  The experiment must be open (its record written by open-experiment.lua, state running) and
  today within its days; the arm one of its arms. The visitor is pinned to the first arm it was
  counted in: a batch for another arm is refused. The visitor is added to the arm's
  HyperLogLog; when that changes it, the arm's distinct visitors so far are written in today's
  slot (the read side carries the last one forward over days that wrote none).

  The per-visitor cap, over the visitor's window (its state's TTL, set once on its first event):
  a visitor counts at most once per metric (viewed, added to cart, ordered: a conversion is a
  visitor who did it), at most `orderCap` orders (each order's event id once), and at most
  `revenueCap` of revenue (an order past it adds only what is left). A bot replaying one visitor
  id moves each count by at most 1 and the revenue by at most `revenueCap` per window.

  The visitor's state (hash, TTL) holds only what the cap needs: its arm (a), its metrics
  counted (f: 1 exposed, 2 viewed, 4 added to cart, 8 ordered), its revenue (r, cents), its
  orders (n) and their event ids (o:<id>).

  Counters: one slot of 32 bytes per (day, arm), at byte ((day - firstDay) * arms + arm) * 32:
  u32 visitors so far, u32 viewed, u32 added to cart, u32 ordered (visitors), i64 revenue
  (cents), i64 sum over visitors of (visitor revenue)^2 (cents^2), that day's part.
  src/features/experiments/counters.ts reads the same layout.

  KEYS[1] experiment   the record (hash: arms, firstDay, days, state)
  KEYS[2] counters     the counters string
  KEYS[3] armVisitors  the arm's HyperLogLog of visitor ids
  KEYS[4] visitor      the visitor's state
  ARGV[1] arm          the arm's id
  ARGV[2] visitorId    the visitor's id
  ARGV[3] nowMs        the app's clock
  ARGV[4] windowMs     how long a visitor's state (and so its cap) lasts
  ARGV[5] orderCap     orders counted per visitor and window
  ARGV[6] revenueCap   revenue counted per visitor and window (cents)
  ARGV[7...] events    per event: its id, its type, its amount in cents (0 unless an order)

  Returns {status, counted, repeated, duplicates, capped}: status is 'ok', 'unknown' (no such
  experiment), 'ended' (ended, or today out of its days), 'unknown_arm' or 'other_arm' (the
  visitor counts in another arm); the counts are of the batch's events ('ok' only).
]]
local DAY_MS = 86400000
local SLOT_BYTES = 32
local record = redis.call('HMGET', KEYS[1], 'arms', 'firstDay', 'days', 'state')
if not record[1] then return {'unknown', 0, 0, 0, 0} end
local firstDay, days = tonumber(record[2]), tonumber(record[3])
local nowMs = tonumber(ARGV[3])
local dayIndex = math.floor(nowMs / DAY_MS) - firstDay
if record[4] ~= 'running' or dayIndex < 0 or dayIndex >= days then
  return {'ended', 0, 0, 0, 0}
end

local arm, armCount = nil, 0
for id in string.gmatch(record[1], '[^,]+') do
  if id == ARGV[1] then arm = armCount end
  armCount = armCount + 1
end
if not arm then return {'unknown_arm', 0, 0, 0, 0} end

local state = redis.call('HMGET', KEYS[4], 'a', 'f', 'r', 'n')
if state[1] and tonumber(state[1]) ~= arm then return {'other_arm', 0, 0, 0, 0} end
if not state[1] then
  redis.call('HSET', KEYS[4], 'a', arm)
  local endMs = (firstDay + days) * DAY_MS
  redis.call('PEXPIREAT', KEYS[4], math.min(nowMs + tonumber(ARGV[4]), endMs))
end
local flags, revenue, orders = tonumber(state[2] or '0'), tonumber(state[3] or '0'), tonumber(state[4] or '0')
local orderCap, revenueCap = tonumber(ARGV[5]), tonumber(ARGV[6])

local base = ((dayIndex * armCount) + arm) * SLOT_BYTES * 8
local function add(kind, byteOffset, by)
  redis.call('BITFIELD', KEYS[2], 'INCRBY', kind, base + byteOffset * 8, string.format('%.0f', by))
end

if redis.call('PFADD', KEYS[3], ARGV[2]) == 1 then
  redis.call('BITFIELD', KEYS[2], 'SET', 'u32', base, redis.call('PFCOUNT', KEYS[3]))
end

local METRIC = { exposure = {1, nil}, product_viewed = {2, 4}, product_added_to_cart = {4, 8} }
local counted, repeated, duplicates, capped = 0, 0, 0, 0
for i = 7, #ARGV, 3 do
  local id, kind, amount = ARGV[i], ARGV[i + 1], tonumber(ARGV[i + 2])
  if kind == 'checkout_completed' then
    if redis.call('HEXISTS', KEYS[4], 'o:' .. id) == 1 then
      duplicates = duplicates + 1
    elseif orders >= orderCap then
      capped = capped + 1
    else
      redis.call('HSET', KEYS[4], 'o:' .. id, 1)
      orders = orders + 1
      if flags % 16 < 8 then
        flags = flags + 8
        add('u32', 12, 1)
      end
      local added = math.min(amount, revenueCap - revenue)
      if added > 0 then
        add('i64', 16, added)
        -- The visitor's square grows from revenue^2 to (revenue + added)^2.
        add('i64', 24, 2 * revenue * added + added * added)
        revenue = revenue + added
      end
      counted = counted + 1
    end
  else
    local bit, offset = METRIC[kind][1], METRIC[kind][2]
    if flags % (bit * 2) >= bit then
      repeated = repeated + 1
    else
      flags = flags + bit
      if offset then add('u32', offset, 1) end
      counted = counted + 1
    end
  end
end
redis.call('HSET', KEYS[4], 'f', flags, 'r', revenue, 'n', orders)
return {'ok', counted, repeated, duplicates, capped}
