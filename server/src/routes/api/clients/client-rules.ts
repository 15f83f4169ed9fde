// The rules of an OAuth2 client that a schema cannot say, checked on the
// client as it will be stored (for an update: merged with the current one)
// before Hydra sees it, each answered at its field. Hydra's own validator
// (client/validator.go) has the URI rules.
import type { FieldError } from "../../../schemas/error.js";
import type { ClientInput } from "../../../schemas/clients.js";

function absolute(value: string): URL | undefined {
  try {
    return new URL(value);
  } catch {
    return undefined;
  }
}

// Go's url.Port() is the port as written; compare the same way Hydra's validator does.
function explicitPort(value: string, url: URL): string {
  return url.port || (/^[a-z][a-z0-9+.-]*:\/\/[^/?#]*:(\d+)/i.exec(value)?.[1] ?? "");
}

export function clientProblems(client: Partial<ClientInput>): FieldError[] {
  const problems: FieldError[] = [];
  const redirects: { value: string; url: URL }[] = [];
  for (const value of client.redirect_uris ?? []) {
    const url = absolute(value);
    if (!url) problems.push({ field: "redirect_uris", message: `${value} is not an absolute URI` });
    else if (value.includes("#")) problems.push({ field: "redirect_uris", message: `${value} must not contain a fragment (#)` });
    else redirects.push({ value, url });
  }
  for (const value of client.post_logout_redirect_uris ?? []) {
    const url = absolute(value);
    if (!url) {
      problems.push({ field: "post_logout_redirect_uris", message: `${value} is not an absolute URI` });
      continue;
    }
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
    if (value && !["http:", "https:"].includes(absolute(value)?.protocol ?? "")) {
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
