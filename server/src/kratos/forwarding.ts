// What Kratos is told about the browser a request is made for, by the proxy
// and by the app page alike: the client address the portal trusts (Fastify's
// request.ip, after TRUST_PROXY), and the portal's own host and scheme from
// PORTAL_ORIGIN, never the request's Host, which the client chooses.
export type ForwardingHeaders = (clientIp: string) => Record<string, string>;

export function forwardingHeaders(origin: string): ForwardingHeaders {
  const portal = new URL(origin);
  const fixed = { "x-forwarded-host": portal.host, "x-forwarded-proto": portal.protocol.slice(0, -1) };
  return (clientIp) => ({ ...fixed, "x-forwarded-for": clientIp });
}
