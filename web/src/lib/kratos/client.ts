// The one Kratos client of the SPA: @ory/client-fetch's FrontendApi (the
// official SDK on the browser's fetch, without axios: fewer bytes before the
// sign-in page is usable), configured with the base path from /config.json
// and the browser's cookies on every call. FrontendApi carries every Kratos
// call of the app (session check, the self-service flows, sessions,
// webauthn.js); the SDK refuses a call whose mandatory argument is missing with "Required
// parameter … was null or undefined".
import { Configuration, FrontendApi, type Middleware } from "@ory/client-fetch";

/**
 * How a call that Kratos answered with an error rejects: its status, parsed body and headers, read once
 * here, so that the error handling (errors.ts: failureOf) needs no second read of the answer.
 */
export class KratosResponseError extends Error {
  constructor(readonly response: { status: number; data: unknown; headers: Record<string, string> }) {
    super(`Kratos answered ${response.status}`);
    this.name = "KratosResponseError";
  }
}

async function bodyOf(response: Response): Promise<unknown> {
  const text = await response.text();
  try {
    return text === "" ? undefined : (JSON.parse(text) as unknown);
  } catch {
    return text;
  }
}

const errorAnswers: Middleware = {
  async post({ response }) {
    if (response.ok) return response;
    throw new KratosResponseError({
      status: response.status,
      data: await bodyOf(response),
      headers: Object.fromEntries(response.headers.entries()),
    });
  },
};

let configured: { api: FrontendApi; basePath: string } | undefined;

export function createKratosClient(basePath: string): FrontendApi {
  return new FrontendApi(
    new Configuration({
      basePath,
      credentials: "include",
      // Kratos answers a browser flow call with JSON only when asked for it; otherwise it redirects (303), which
      // fetch would follow to an HTML page. (@ory/client's axios always asked for JSON.)
      headers: { Accept: "application/json" },
      middleware: [errorAnswers],
    }),
  );
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
