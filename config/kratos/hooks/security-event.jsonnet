// The body of Kratos' web hooks to the portal after a sign-in (each factor),
// a settings change and a recovery (server/src/schemas/kratos-hooks.ts). Only
// ids, the address and the sign-in's device leave Kratos: never a
// credential, a code or a cookie; the account's language, for the mails. The portal reads what changed from Kratos'
// admin API itself. Kratos' Jsonnet allows no imports: one file serves all three.
local field(object, name, default) =
  if object != null && std.isObject(object) && std.objectHas(object, name) && object[name] != null then object[name] else default;
local header(ctx, name) =
  local values = field(field(ctx, 'request_headers', {}), name, []);
  if std.length(values) > 0 then values[0] else null;

function(ctx)
  local session = field(ctx, 'session', null);
  // The sign-in's device as Kratos recorded it for the session (user agent, IP).
  local devices = field(session, 'devices', []);
  local device = if std.length(devices) > 0 then devices[std.length(devices) - 1] else {};
  std.prune({
    identity_id: ctx.identity.id,
    email: field(field(ctx.identity, 'traits', {}), 'email', ''),
    language: field(field(ctx.identity, 'traits', {}), 'language', null),
    user_agent: field(device, 'user_agent', header(ctx, 'User-Agent')),
    ip: field(device, 'ip_address', null),
    // Login: how many factors the session has used; the second factor's hook call belongs to the same sign-in.
    factors_used: if session == null then null else std.length(field(session, 'authentication_methods', [])),
  })
