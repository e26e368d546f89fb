--[[
  Defines `linePlace(seq, kind)`, a line's score for a generation given place `seq` of the stage's
  sequence: a new one ('new') goes to the back; one back from a wait ('back': verify after
  Shopify's processing time, either stage after an outage) was being served, so it goes ahead
  of every one that has not had a turn yet; one whose turn was lost ('lost') goes ahead of all.
  FIFO within each kind.

  And `offerTurn(ring, ringMembers, line, held, shop, perShop)`: puts the shop at the back of
  a stage's ring when it may take a turn there (generations in its line, fewer than `perShop`
  turns held) and is not in it already; returns 1 when it joined, else 0. A shop holding its
  `perShop` turns is out of the ring, so taking a turn never looks at a shop that may not take
  one (one step however many shops wait), and it comes back when one of its turns ends.
]]
local function linePlace(seq, kind)
  if kind == 'back' then return seq - 1e15 end
  if kind == 'lost' then return seq - 2e15 end
  return seq
end

local function offerTurn(ring, ringMembers, line, held, shop, perShop)
  if redis.call('ZCARD', line) == 0 then return 0 end
  if redis.call('HLEN', held) >= tonumber(perShop) then return 0 end
  if redis.call('SADD', ringMembers, shop) == 0 then return 0 end
  redis.call('RPUSH', ring, shop)
  return 1
end
