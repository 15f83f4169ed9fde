// OAuth2 clients between the portal's API and Hydra's: what goes out to the
// browser, the rules Hydra would reject (checked first, with field-level
// messages), and Hydra's Link-header pagination.
import type { OAuth2Client } from "@ory/client";
import type { FieldError } from "../plugins/error-handler.js";
import type { Client, ClientInput } from "../schemas/clients.js";

/** Only the fields the Manage Clients page needs: never a secret, a key or Hydra's internals. */
export function toClient(client: OAuth2Client): Client {
  return {
    client_id: client.client_id ?? "",
    client_name: client.client_name ?? "",
    grant_types: client.grant_types ?? [],
    response_types: client.response_types ?? [],
    scope: client.scope ?? "",
    audience: client.audience ?? [],
    redirect_uris: client.redirect_uris ?? [],
    post_logout_redirect_uris: client.post_logout_redirect_uris ?? [],
    token_endpoint_auth_method: client.token_endpoint_auth_method ?? "client_secret_basic",
    skip_consent: client.skip_consent ?? false,
    client_uri: client.client_uri ?? "",
    logo_uri: client.logo_uri ?? "",
    contacts: client.contacts ?? [],
    owner: client.owner ?? "",
    created_at: client.created_at ?? null,
    updated_at: client.updated_at ?? null,
  };
}

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

/**
 * The rules across fields that a schema cannot say, on the client as it will
 * be stored (for an update: merged with the current one). Hydra's own
 * validator (client/validator.go) has the URI rules; we answer them per field.
 */
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

/** The page_token of Hydra's rel="next" link, if any. */
export function nextPageToken(link: string | undefined): string | undefined {
  for (const part of (link ?? "").split(",")) {
    const match = /<([^>]*)>\s*;\s*rel="?next"?/.exec(part);
    if (match) return new URL(match[1]!, "http://hydra.invalid").searchParams.get("page_token") ?? undefined;
  }
  return undefined;
}
