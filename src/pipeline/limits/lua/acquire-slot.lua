--[[
  Takes a rate-limit slot, paced: bulk requests are spread evenly over the window (one every
  windowMs / limit), and a waiting interactive request takes the next slot before any bulk
  request. A slot is given when all of these hold (now is Redis's clock):
    - no pause is on (after a 429);
    - fewer than `limit` slots are in the window's log (older ones are not counted);
    - for a bulk request: no request whose turn comes first is waiting (an interactive one, or a
      bulk one armed earlier: a lower `turn`), and the pace has come (now >= `pace`), unless
      the one free slot of the log was freed since (a quarter interval before) the last slot
      was given: then a quarter interval after the last slot is enough. An interactive request
      may take a free slot of the log at once: a merchant's click (or its options) never waits
      for the pace of an idle budget.
  The pace spreads slots that are free together (an idle budget, a lull, a released slot, a
  waiter late for two); a slot the log frees is spread already, a window after the request
  that used it, and a slot held back is lost for good: it is then reused a window after its
  late use, and so on. Traced in the at-the-limit benchmark (load 17-21), the pace held a slot
  the log had just freed 150-330 ms in most turns. Expired slots stay in the log one interval
  more, to tell which were freed since the last slot was given (`lastSlot`).
  Then the slot is logged at now, and the pace moves one interval on, from where it was, or from
  a quarter interval before now if it was further behind: a slot taken up to that late (a
  timer's or a busy process's late wake-up) costs the budget nothing, the next one coming that
  much sooner, and a paced slot never comes sooner than three quarters of an interval after the
  one before. A slot the log freed moves the pace to an interval after now. A request told to
  wait is recorded as waiting, with its turn, until
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
  KEYS[6] lastSlot      when the last slot was given (ms)
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
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now - window - interval)
local windowStart = '(' .. (now - window)
local inWindow = redis.call('ZCOUNT', KEYS[1], windowStart, '+inf')

local at = math.max(now, tonumber(redis.call('GET', KEYS[2]) or '0'))
local pace = tonumber(redis.call('GET', KEYS[3]) or '0')
if inWindow >= limit then
  local oldest =
    redis.call('ZRANGEBYSCORE', KEYS[1], windowStart, '+inf', 'WITHSCORES', 'LIMIT', 0, 1)
  at = math.max(at, tonumber(oldest[2]) + window + 1)
end
local paced = false
if not interactive and inWindow < limit then
  -- The one free slot of the log, freed since (shortly before) the last slot was given, is
  -- spread already: it may come a quarter interval after the last. Slots free together are
  -- spread by the pace.
  local lastSlot = tonumber(redis.call('GET', KEYS[6]) or '0')
  local freed = redis.call('ZCOUNT', KEYS[1], '(' .. (lastSlot - tolerance - window), now - window)
  paced = inWindow < limit - 1 or freed == 0
  if paced then at = math.max(at, pace) else at = math.max(at, lastSlot + tolerance) end
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
local paceFrom = math.max(pace, now - tolerance)
if not (interactive or paced) then paceFrom = now end
redis.call('SET', KEYS[3], tostring(paceFrom + interval), 'PX', ttl)
redis.call('SET', KEYS[6], now, 'PX', ttl)
redis.call('ZREM', KEYS[4], slot)
redis.call('ZREM', KEYS[5], slot)
return 0
