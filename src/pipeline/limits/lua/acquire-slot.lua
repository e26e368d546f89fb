--[[
  Takes a rate-limit slot, paced: bulk requests are spread evenly over the window (one every
  windowMs / limit), and a waiting interactive request takes the next slot before any bulk
  request. A slot is given when all of these hold (now is Redis's clock):
    - no pause is on (after a 429);
    - fewer than `limit` slots are in the window's log, the slots older than the window dropped;
    - for a bulk request: the pace has come (now >= `pace`), and no interactive request is
      waiting for a slot. An interactive request may take a free slot of the log at once: a
      merchant's click (or its options) never waits for the pace of an idle budget.
  Then the slot is logged at now, and the pace moves one interval on, from where it was, or from
  a quarter interval before now if it was further behind: a slot taken up to a quarter interval
  late (a timer's late wake-up) costs the budget nothing, and a bulk slot never comes sooner
  than three quarters of an interval after the one before. An interactive request told to wait
  is recorded as waiting until the time it will try again plus one interval; one that never
  comes back (its process died) holds bulk requests back for one slot at most.

  KEYS[1] slots            sorted set of slots, scored by when they count from
  KEYS[2] pausedUntil      ms until which no slot is given out (after a 429)
  KEYS[3] pace             earliest time of the next bulk slot (ms)
  KEYS[4] waitingPriority  sorted set of interactive requests waiting for a slot, scored by
                           the time until which each is expected back (ms)
  ARGV[1] limit            slots per window
  ARGV[2] windowMs
  ARGV[3] slotId
  ARGV[4] priority         'interactive' or 'bulk'

  Returns 0 when the slot was taken, else the ms to wait before trying again.
]]
--- @include "now-ms"
local limit = tonumber(ARGV[1])
local window = tonumber(ARGV[2])
local interval = window / limit
local interactive = ARGV[4] == 'interactive'
local ttl = math.ceil(window * 2)

redis.call('ZREMRANGEBYSCORE', KEYS[4], '-inf', '(' .. now)
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now - window)
local at = math.max(now, tonumber(redis.call('GET', KEYS[2]) or '0'))
local pace = tonumber(redis.call('GET', KEYS[3]) or '0')
if not interactive then at = math.max(at, pace) end
if redis.call('ZCARD', KEYS[1]) >= limit then
  local oldest = redis.call('ZRANGE', KEYS[1], 0, 0, 'WITHSCORES')
  at = math.max(at, tonumber(oldest[2]) + window + 1)
end

if not interactive then
  local latest = redis.call('ZRANGE', KEYS[4], -1, -1, 'WITHSCORES')
  if #latest > 0 then
    -- The next slot is an interactive request's: try again one slot after it, or once the
    -- request is no longer expected.
    return math.max(1, math.ceil(math.min(at + interval, tonumber(latest[2]) + 1) - now))
  end
end
if at > now then
  if interactive then
    redis.call('ZADD', KEYS[4], at + interval, ARGV[3])
    redis.call('PEXPIRE', KEYS[4], ttl)
  end
  return math.max(1, math.ceil(at - now))
end

redis.call('ZADD', KEYS[1], now, ARGV[3])
redis.call('PEXPIRE', KEYS[1], ttl)
redis.call('SET', KEYS[3], tostring(math.max(pace, now - interval / 4) + interval), 'PX', ttl)
if interactive then redis.call('ZREM', KEYS[4], ARGV[3]) end
return 0
