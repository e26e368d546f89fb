--[[
  Takes a rate-limit slot, paced: bulk requests are spread evenly over the window (one every
  windowMs / limit), and a waiting interactive request takes the next slot before any bulk
  request. A slot is given when all of these hold (now is Redis's clock):
    - no pause is on (after a 429);
    - fewer than `limit` slots are in the window's log, the slots older than the window dropped;
    - for a bulk request: the pace has come (now >= `pace`), and no request whose turn comes
      first is waiting: an interactive one, or a bulk one armed earlier (a lower `turn`). An
      interactive request may take a free slot of the log at once: a merchant's click (or its
      options) never waits for the pace of an idle budget.
  Then the slot is logged at now, and the pace moves one interval on, from where it was, or from
  a quarter interval before now if it was further behind: a slot taken up to that late (a
  timer's or a busy process's late wake-up) costs the budget nothing, the next one coming that
  much sooner, and a bulk slot never comes sooner than three quarters of an interval after the
  one before. A request told to wait is recorded as waiting, with its turn, until
  the time it will try again plus one interval; one that never comes back (its process died)
  holds later turns back for one slot at most. A bulk request without a turn waits for every
  one that has one and is not recorded.

  KEYS[1] slots         sorted set of slots, scored by when they count from
  KEYS[2] pausedUntil   ms until which no slot is given out (after a 429)
  KEYS[3] pace          earliest time of the next bulk slot (ms)
  KEYS[4] waiting       sorted set of requests waiting for a slot, scored by turn (0 for
                        interactive ones)
  KEYS[5] waitingUntil  the same requests, scored by the time until which each is expected
                        back (ms)
  ARGV[1] limit         slots per window
  ARGV[2] windowMs
  ARGV[3] slotId
  ARGV[4] priority      'interactive' or 'bulk'
  ARGV[5] turn          a bulk request's place in line (its arming, a sequence number), or ''

  Returns 0 when the slot was taken, else the ms to wait before trying again.
]]
--- @include "now-ms"
local limit = tonumber(ARGV[1])
local window = tonumber(ARGV[2])
local slot = ARGV[3]
local interactive = ARGV[4] == 'interactive'
local interval = window / limit
local tolerance = interval / 4
local ttl = math.ceil(window * 2)
local NO_TURN = 2 ^ 53
local turn = 0
if not interactive then turn = tonumber(ARGV[5]) or NO_TURN end

for _, gone in ipairs(redis.call('ZRANGEBYSCORE', KEYS[5], '-inf', '(' .. now)) do
  redis.call('ZREM', KEYS[4], gone)
end
redis.call('ZREMRANGEBYSCORE', KEYS[5], '-inf', '(' .. now)
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now - window)

local at = math.max(now, tonumber(redis.call('GET', KEYS[2]) or '0'))
local pace = tonumber(redis.call('GET', KEYS[3]) or '0')
if not interactive then at = math.max(at, pace) end
if redis.call('ZCARD', KEYS[1]) >= limit then
  local oldest = redis.call('ZRANGE', KEYS[1], 0, 0, 'WITHSCORES')
  at = math.max(at, tonumber(oldest[2]) + window + 1)
end

local retryAt = at
if not interactive then
  local ahead = redis.call('ZRANGEBYSCORE', KEYS[4], '-inf', '(' .. turn, 'LIMIT', 0, 1)
  if #ahead > 0 then
    -- Its slot first: try again one slot after it, or once it is no longer expected.
    retryAt = tonumber(redis.call('ZSCORE', KEYS[5], ahead[1])) + 1
    if at + interval > now then retryAt = math.min(retryAt, at + interval) end
  end
end
if retryAt > now then
  if turn < NO_TURN then
    redis.call('ZADD', KEYS[4], turn, slot)
    redis.call('ZADD', KEYS[5], retryAt + interval, slot)
    redis.call('PEXPIRE', KEYS[4], ttl)
    redis.call('PEXPIRE', KEYS[5], ttl)
  end
  return math.max(1, math.ceil(retryAt - now))
end

redis.call('ZADD', KEYS[1], now, slot)
redis.call('PEXPIRE', KEYS[1], ttl)
redis.call('SET', KEYS[3], tostring(math.max(pace, now - tolerance) + interval), 'PX', ttl)
redis.call('ZREM', KEYS[4], slot)
redis.call('ZREM', KEYS[5], slot)
return 0
