// The rules of an OAuth2 client that a schema cannot say, checked on the
// client as it will be stored (for an update: merged with the current one)
// before Hydra sees it, each answered at its field. Hydra's own validator
// (client/validator.go) has the fragment and post-logout rules; the schemes
// are the portal's, so that no client can send a browser to a script, a
// file or a page on plain http.
import type { FieldError } from "../../../schemas/error.js";
import type { ClientInput } from "../../../schemas/clients.js";

// Go's url.Port() is the port as written; compare the same way Hydra's validator does.
function explicitPort(value: string, url: URL): string {
  return url.port || (/^[a-z][a-z0-9+.-]*:\/\/[^/?#]*:(\d+)/i.exec(value)?.[1] ?? "");
}

// The URL parser has already written 127.1 as 127.0.0.1 and [0::1] as [::1].
const isLoopback = (hostname: string) => hostname === "localhost" || hostname === "[::1]" || /^127(\.\d{1,3}){3}$/.test(hostname);

/** A scheme in reverse domain name notation, e.g. com.example.app (RFC 8252 §7.1). */
const privateUseScheme = /^[a-z][a-z0-9-]*(\.[a-z0-9-]+)+$/;

/**
 * Where an authorization server may send the browser back to: https; http
 * only on the loopback interface, where a native app listens (RFC 8252 §7.3);
 * a native app's own private-use scheme (§7.1). Nothing else: javascript:,
 * data:, vbscript:, file:, blob: and the like are refused.
 */
function schemeProblem(value: string, url: URL): string | undefined {
  const scheme = url.protocol.slice(0, -1);
  if (scheme === "https") return undefined;
  if (scheme === "http") {
    return isLoopback(url.hostname) ? undefined : `${value} uses http on a host other than localhost, 127.0.0.1 or [::1]: use https`;
  }
  if (privateUseScheme.test(scheme)) {
    const rest = value.slice(scheme.length + 1);
    // A private-use scheme has no naming authority, so a single slash follows it.
    return rest.startsWith("/") && !rest.startsWith("//")
      ? undefined
      : `${value} must have a single slash after the app's scheme, e.g. ${scheme}:/callback`;
  }
  return `${value} is not allowed: use https, http on localhost, or an app's own scheme such as com.example.app:/callback`;
}

/** The URL, or what is wrong with it as a place to send the browser back to. */
function checkRedirect(value: string, { fragment }: { fragment: boolean }): { url: URL } | { problem: string } {
  // The URL parser drops tabs, line breaks and outer spaces that Hydra would keep: "java\tscript:" is javascript:.
  if (/[\s\p{Cc}]/u.test(value)) return { problem: `${JSON.stringify(value)} must not contain spaces or control characters` };
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return { problem: `${value} is not an absolute URI` };
  }
  if (!fragment && value.includes("#")) return { problem: `${value} must not contain a fragment (#)` };
  const problem = schemeProblem(value, url);
  return problem ? { problem } : { url };
}

function isHttpUrl(value: string): boolean {
  try {
    return ["http:", "https:"].includes(new URL(value).protocol);
  } catch {
    return false;
  }
}

export function clientProblems(client: Partial<ClientInput>): FieldError[] {
  const problems: FieldError[] = [];
  const redirects: { value: string; url: URL }[] = [];
  for (const value of client.redirect_uris ?? []) {
    const checked = checkRedirect(value, { fragment: false });
    if ("problem" in checked) problems.push({ field: "redirect_uris", message: checked.problem });
    else redirects.push({ value, url: checked.url });
  }
  // Hydra lets a post-logout URI have a fragment; it must share scheme, host and port with a redirect URI.
  for (const value of client.post_logout_redirect_uris ?? []) {
    const checked = checkRedirect(value, { fragment: true });
    if ("problem" in checked) {
      problems.push({ field: "post_logout_redirect_uris", message: checked.problem });
      continue;
    }
    const { url } = checked;
    const shared = redirects.some(
      (redirect) =>
        redirect.url.protocol === url.protocol &&
        redirect.url.hostname === url.hostname &&
        explicitPort(redirect.value, redirect.url) === explicitPort(value, url),
    );
    if (!shared) {
      problems.push({
        field: "post_logout_redirect_uris",
        message: `${value} must have the scheme, host and port of one of the redirect URIs`,
      });
    }
  }
  for (const field of ["client_uri", "logo_uri"] as const) {
    const value = client[field];
    if (value && !isHttpUrl(value)) {
      problems.push({ field, message: "must be an absolute http(s) URL" });
    }
  }
  const grants = client.grant_types ?? [];
  if (client.token_endpoint_auth_method === "none" && grants.includes("client_credentials")) {
    problems.push({
      field: "grant_types",
      message: "client_credentials needs a client secret; a public client (token_endpoint_auth_method none) has none",
    });
  }
  if ((grants.includes("authorization_code") || grants.includes("implicit")) && (client.redirect_uris ?? []).length === 0) {
    problems.push({ field: "redirect_uris", message: "authorization_code and implicit need at least one redirect URI" });
  }
  return problems;
}
