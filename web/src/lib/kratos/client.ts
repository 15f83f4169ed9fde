// The one Kratos client of the SPA: @ory/client's FrontendApi, configured with
// the base path from /config.json and the browser's cookies on every call.
// FrontendApi carries every Kratos call of the app (session check, the self-service
// flows, sessions, webauthn.js); the SDK refuses a call whose mandatory
// argument is missing with "Required parameter … was null or undefined".
import { Configuration, FrontendApi } from "@ory/client";

let configured: { api: FrontendApi; basePath: string } | undefined;

export function createKratosClient(basePath: string): FrontendApi {
  return new FrontendApi(new Configuration({ basePath, baseOptions: { withCredentials: true } }));
}

/** Called once at start-up, after /config.json is read. */
export function configureKratos(basePath: string): FrontendApi {
  configured = { api: createKratosClient(basePath), basePath: basePath.replace(/\/+$/, "") };
  return configured.api;
}

function current(): NonNullable<typeof configured> {
  if (!configured) throw new Error("The Kratos client is used before configureKratos() ran");
  return configured;
}

export function kratos(): FrontendApi {
  return current().api;
}

/** Kratos' public URL as the browser reaches it, without a trailing slash, for the few places the browser itself must go. */
export function kratosBasePath(): string {
  return current().basePath;
}
