--[[
  What a write to a generation does besides the record, in the same atomic step: state counters
  (shop and app-wide), credits charged per quarter hour and model, retention, the expiry of work waiting
  on the merchant, the transition outbox.
  Defines chargedOf(raw), field(name), verdictOf(), indexVerdict(ctx, id, fromState,
  fromVerdict), countCredits(ctx, before), countState(ctx, from, to), retain(ctx, id),
  scheduleExpiry(ctx, id, from, to) and recordInOutbox(ctx, id, to).
  Expects KEYS[1] the generation's hash (JSON-encoded fields) and KEYS[2] its list of
  transitions; `ctx` (decoded JSON) holds the key names and settings
  (store/counters-context.ts).
]]
local function chargedOf(raw)
  local value = raw and cjson.decode(raw)
  if type(value) ~= 'number' then return 0 end
  return value
end
local function field(name)
  local raw = redis.call('HGET', KEYS[1], name)
  if not raw then return nil end
  local value = cjson.decode(raw)
  if value == cjson.null then return nil end
  return value
end
-- The product check's verdict on the record, or nil before it has one.
local function verdictOf()
  local fidelity = field('fidelity')
  return type(fidelity) == 'table' and fidelity.verdict or nil
end
-- A bulk run's generations in review by the check's verdict (keys.ts byBulkRunVerdict): the
-- run's "changed" and "check it" pages read a page of them, not every result in review (a
-- filter over the records read up to 4 pages of them per poll: 186 -> 407 commands from 1k to 10k).
-- Called after the record's writes, with the state and verdict it had before them. A write
-- that leaves both as they were adds the entry again (nothing changes): how a result in review
-- from before the index gets its entry (scripts/index-run-verdicts.ts).
local function indexVerdict(ctx, id, fromState, fromVerdict)
  local bulk = field('bulkRunId')
  if type(bulk) ~= 'string' then return end
  local toState, toVerdict = field('state'), verdictOf()
  local prefix = ctx.bulkStatePrefix .. bulk .. ':in_review:'
  local moved = fromState ~= toState or fromVerdict ~= toVerdict
  if moved and fromState == 'in_review' and fromVerdict then
    redis.call('ZREM', prefix .. fromVerdict, id)
  end
  if toState == 'in_review' and toVerdict then redis.call('ZADD', prefix .. toVerdict, 0, id) end
end
local function countCredits(ctx, before)
  local delta = chargedOf(redis.call('HGET', KEYS[1], 'chargedCredits')) - before
  if delta == 0 then return end
  local at = field('submittedAt') or field('createdAt')
  local model = 'upscale'
  if field('kind') ~= 'upscale' then
    local params = field('params') or {}
    model = type(params.model) == 'string' and params.model or 'unknown'
  end
  -- The UTC day's hash, by quarter hour and model ("18:45|nanobanana"): every shop's time zone
  -- is a whole number of quarter hours from UTC (Kathmandu +5:45), so the overview adds the
  -- quarters into the shop's own days (store/credits-by-slot.ts).
  local minute = tonumber(string.sub(at, 15, 16))
  local quarter = string.format('%s:%02d', string.sub(at, 12, 13), minute - minute % 15)
  local day = ctx.creditsDay .. string.sub(at, 1, 10)
  redis.call('HINCRBY', day, quarter .. '|' .. model, delta)
  redis.call('PEXPIRE', day, ctx.creditsTtlMs)
end
-- A generation created before the counters existed was never counted in its state: taking it
-- out must not drive a count below zero (recountStates makes such counts exact again).
local function countState(ctx, from, to)
  -- The app-wide count moves with the shop's, so it stays the sum of the shops' counts.
  if tonumber(redis.call('HGET', ctx.stateCounts, from) or '0') > 0 then
    redis.call('HINCRBY', ctx.stateCounts, from, -1)
    redis.call('HINCRBY', ctx.appStateCounts, from, -1)
  end
  redis.call('HINCRBY', ctx.stateCounts, to, 1)
  redis.call('HINCRBY', ctx.appStateCounts, to, 1)
end
local function retain(ctx, id)
  if ctx.expireAt == cjson.null then return end
  local member = id .. '\n' .. field('productId') .. '\n' .. (field('bulkRunId') or '')
    .. '\n' .. (field('optionGroup') or '')
  redis.call('PEXPIREAT', KEYS[1], ctx.expireAt)
  redis.call('PEXPIREAT', KEYS[2], ctx.expireAt)
  -- The job-id index entry (job -> shop, generation) goes with the record: without it the
  -- app-wide index would keep every shop's name for good, one key per generation ever made.
  -- The raw JSON is the id's digits (a Lua number would print large ids in exponent form).
  local job = redis.call('HGET', KEYS[1], 'productAiJobId')
  if job and job ~= 'null' then redis.call('PEXPIREAT', ctx.jobPrefix .. job, ctx.expireAt) end
  redis.call('ZADD', ctx.retention, ctx.expireAt, member)
  redis.call('ZADD', ctx.retentionShops, 'LT', ctx.expireAt, ctx.shop)
end
-- Work in a state that expires (in review, paused) is due `ctx.expiry.dueAt` after it entered
-- it: leaving such a state takes it off the shop's expiry set, entering one puts it on (the
-- shop scored by its earliest), so the set holds exactly the work that may expire, with no
-- crash able to leave one behind or out.
local function scheduleExpiry(ctx, id, from, to)
  local expiry = ctx.expiry
  if expiry == nil or expiry == cjson.null then return end
  for _, state in ipairs(expiry.states) do
    if state == from then redis.call('ZREM', expiry.key, id) end
  end
  if expiry.dueAt ~= cjson.null then
    redis.call('ZADD', expiry.key, expiry.dueAt, id)
    redis.call('ZADD', expiry.shops, 'LT', expiry.dueAt, ctx.shop)
  end
end
local function recordInOutbox(ctx, id, to)
  if ctx.outbox == cjson.null then return end
  redis.call('ZADD', ctx.outbox, 'NX', ctx.now, ctx.shop .. '\n' .. id .. '\n' .. to)
end
