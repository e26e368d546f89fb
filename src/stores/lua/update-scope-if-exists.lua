--[[
  Sets the granted scope of a shop's offline session, only if the session exists: a late
  app/scopes_update must not create a token-less record.

  KEYS[1] session  the session's hash
  ARGV[1] scope    comma-separated access scopes

  Returns 1 if the session exists (and was updated), else 0.
]]
if redis.call('EXISTS', KEYS[1]) == 1 then
  redis.call('HSET', KEYS[1], 'scope', ARGV[1])
  return 1
end
return 0
