// The body of Kratos' web hooks to the portal after a sign-in (each factor),
// a settings change and a recovery (server/src/schemas/kratos-hooks.ts).
// Only counts of the second factors leave Kratos: never a credential, a code
// or a cookie. Kratos' Jsonnet allows no imports, so one file serves all three.
local field(object, name, default) =
  if object != null && std.isObject(object) && std.objectHas(object, name) && object[name] != null then object[name] else default;
local header(ctx, name) =
  local values = field(field(ctx, 'request_headers', {}), name, []);
  if std.length(values) > 0 then values[0] else null;
local credentials(identity) = field(identity, 'credentials', {});
local keys(identity, type) = std.length(field(field(field(credentials(identity), type, {}), 'config', {}), 'credentials', []));
local has(identity, type) = if std.objectHas(credentials(identity), type) then 1 else 0;

function(ctx)
  local identity = ctx.identity;
  local session = field(ctx, 'session', null);
  // The sign-in's device as Kratos recorded it for the session (user agent, IP).
  local devices = field(session, 'devices', []);
  local device = if std.length(devices) > 0 then devices[std.length(devices) - 1] else {};
  std.prune({
    identity_id: identity.id,
    email: field(field(identity, 'traits', {}), 'email', ''),
    factors: {
      totp: has(identity, 'totp'),
      webauthn: keys(identity, 'webauthn'),
      passkey: keys(identity, 'passkey'),
      lookup_secret: has(identity, 'lookup_secret'),
    },
    session_id: field(session, 'id', null),
    user_agent: field(device, 'user_agent', header(ctx, 'User-Agent')),
    ip: field(device, 'ip_address', null),
    // Settings: the method saved, and the email the flow began with (the identity before the change).
    method: field(ctx.flow, 'active', null),
    previous_email: field(field(field(ctx.flow, 'identity', {}), 'traits', {}), 'email', null),
  })
