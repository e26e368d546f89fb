--[[
  Ends an experiment's intake: its record stays (the read side needs its arms and days) but
  says ended, and record-events.lua refuses its events from then on.

  KEYS[1] experiment  the record (hash: arms, firstDay, days, state)

  Returns 1 if the experiment was running, 0 if it was ended already or is unknown.
]]
if redis.call('HGET', KEYS[1], 'state') ~= 'running' then return 0 end
redis.call('HSET', KEYS[1], 'state', 'ended')
return 1
