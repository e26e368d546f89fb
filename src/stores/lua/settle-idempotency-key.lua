--[[
  Settles a click's idempotency key, only if it is still held by the request that claimed it (a
  claim that expired and was taken by a later request is that request's now).

  KEYS[1] entry    the key's entry
  ARGV[1] pending  the value the claiming request set
  ARGV[2] answer   the entry's value once done, or '' to delete it (the request failed)
  ARGV[3] ttlMs    how long the done entry is kept (the window)

  Returns 1 if it was settled, else 0.
]]
if redis.call('GET', KEYS[1]) ~= ARGV[1] then return 0 end
if ARGV[2] == '' then
  redis.call('DEL', KEYS[1])
else
  redis.call('SET', KEYS[1], ARGV[2], 'PX', ARGV[3])
end
return 1
