// GET /self-service/<kind>/browser: a new browser flow. The browser itself goes
// there (not an XHR) so Kratos sets its anti-CSRF cookie, applies login
// challenges and existing sessions, and redirects back to our page with ?flow=<id>.
import { loadRuntimeConfig } from "../runtime-config";
import type { FlowKind } from "./flow-kinds";

export interface BrowserFlowQuery {
  return_to?: string;
  /** Login only. */
  aal?: string;
  refresh?: string;
  login_challenge?: string;
}

export async function browserFlowUrl(kind: FlowKind, query: BrowserFlowQuery = {}): Promise<string> {
  // The client is configured from the same /config.json but does not expose its base path.
  const { KRATOS_PUBLIC_URL } = await loadRuntimeConfig();
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value) search.set(key, value);
  const qs = search.toString();
  return `${KRATOS_PUBLIC_URL.replace(/\/+$/, "")}/self-service/${kind}/browser${qs ? `?${qs}` : ""}`;
}

export async function startBrowserFlow(kind: FlowKind, query: BrowserFlowQuery = {}): Promise<void> {
  window.location.assign(await browserFlowUrl(kind, query));
}
