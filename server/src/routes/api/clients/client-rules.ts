// The rules of an OAuth2 client that a schema cannot say, checked on the
// client as it will be stored (for an update: merged with the current one)
// before Hydra sees it, each answered at its field. Hydra's own validator
// (client/validator.go) has the fragment and post-logout rules; the schemes
// are the portal's, so that no client can send a browser to a script, a
// file or a page on plain http.
import type { FieldErrorCode } from "#contract/errors.js";
import type { FieldError } from "#contract/schemas/error.js";
import type { ClientInput } from "#contract/schemas/clients.js";

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
function schemeProblem(value: string, url: URL): FieldErrorCode | undefined {
  const scheme = url.protocol.slice(0, -1);
  if (scheme === "https") return undefined;
  if (scheme === "http") return isLoopback(url.hostname) ? undefined : "uri_http_not_loopback";
  if (privateUseScheme.test(scheme)) {
    const rest = value.slice(scheme.length + 1);
    // A private-use scheme has no naming authority, so a single slash follows it.
    return rest.startsWith("/") && !rest.startsWith("//") ? undefined : "uri_app_scheme_slash";
  }
  return "uri_scheme_not_allowed";
}

/** The URL, or what is wrong with it as a place to send the browser back to. */
function checkRedirect(value: string, { fragment }: { fragment: boolean }): { url: URL } | { problem: FieldErrorCode } {
  // The URL parser drops tabs, line breaks and outer spaces that Hydra would keep: "java\tscript:" is javascript:.
  if (/[\s\p{Cc}]/u.test(value)) return { problem: "uri_whitespace" };
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return { problem: "uri_not_absolute" };
  }
  if (!fragment && value.includes("#")) return { problem: "uri_fragment" };
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
    if ("problem" in checked) problems.push({ field: "redirect_uris", code: checked.problem, value });
    else redirects.push({ value, url: checked.url });
  }
  // Hydra lets a post-logout URI have a fragment; it must share scheme, host and port with a redirect URI.
  for (const value of client.post_logout_redirect_uris ?? []) {
    const checked = checkRedirect(value, { fragment: true });
    if ("problem" in checked) {
      problems.push({ field: "post_logout_redirect_uris", code: checked.problem, value });
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
      problems.push({ field: "post_logout_redirect_uris", code: "uri_not_a_redirect_origin", value });
    }
  }
  for (const field of ["client_uri", "logo_uri"] as const) {
    const value = client[field];
    if (value && !isHttpUrl(value)) {
      problems.push({ field, code: "not_http_url" });
    }
  }
  const grants = client.grant_types ?? [];
  if (client.token_endpoint_auth_method === "none" && grants.includes("client_credentials")) {
    problems.push({ field: "grant_types", code: "public_client_credentials" });
  }
  if ((grants.includes("authorization_code") || grants.includes("implicit")) && (client.redirect_uris ?? []).length === 0) {
    problems.push({ field: "redirect_uris", code: "redirect_uri_required" });
  }
  return problems;
}
