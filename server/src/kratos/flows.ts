// New Kratos browser flows, started by the server for the page that shows
// them (routes/app-page.ts), as the browser would start them through /kratos:
// with its cookies and the headers the proxy would send, so that Kratos sets
// the same anti-CSRF cookie, which the page's answer passes on.
import type { FrontendApi } from "@ory/client";
import type { AxiosResponse, RawAxiosRequestConfig } from "axios";
import { browserFlowParameters, type FlowQuery, type FlowKind } from "#contract/flows.js";
import { UpstreamError } from "../errors.js";
import { callUpstream } from "../upstream/call.js";

export interface StartedFlow {
  flow: unknown;
  /** Kratos' Set-Cookie headers (its anti-CSRF cookie), for the browser. */
  setCookie: string[];
}

export interface KratosFlows {
  /**
   * A new flow; undefined when Kratos answers anything but a flow (a session
   * that is already there, a login challenge it skips, a refusal, a settings
   * flow without a session or its second factor): the app then starts the
   * flow itself and shows what Kratos says.
   */
  start(kind: FlowKind, query: FlowQuery, headers: Record<string, string>): Promise<StartedFlow | undefined>;
  /**
   * The flow of this id, as the browser would fetch it with these headers (its cookies); undefined when
   * Kratos answers anything but a flow (expired, unknown, a session already there): the app asks again
   * and shows what Kratos says.
   */
  get(kind: FlowKind, id: string, headers: Record<string, string>): Promise<unknown>;
  /** Has Kratos mail a verification code to the address, through a verification flow of its own (an admin's "resend"). */
  sendVerification(email: string): Promise<void>;
}

/** Started: Kratos answered with a new flow of this kind. */
export function kratosFlows(frontend: FrontendApi, started: (kind: FlowKind) => void): KratosFlows {
  const starters: Record<FlowKind, (query: FlowQuery, options: RawAxiosRequestConfig) => Promise<AxiosResponse>> = {
    login: (query, options) => frontend.createBrowserLoginFlow(browserFlowParameters(query), options),
    registration: (query, options) => frontend.createBrowserRegistrationFlow(browserFlowParameters(query), options),
    recovery: (query, options) => frontend.createBrowserRecoveryFlow(browserFlowParameters(query), options),
    verification: (query, options) => frontend.createBrowserVerificationFlow(browserFlowParameters(query), options),
    // Kratos starts it for the session of the cookie: 401 without one, 403 (session_aal2_required) where the
    // account asks for a second factor the session lacks; both are answers that leave the page without it.
    settings: (query, options) => frontend.createBrowserSettingsFlow(browserFlowParameters(query), options),
  };

  const getters: Record<FlowKind, (id: string, options: RawAxiosRequestConfig) => Promise<AxiosResponse>> = {
    login: (id, options) => frontend.getLoginFlow({ id }, options),
    registration: (id, options) => frontend.getRegistrationFlow({ id }, options),
    recovery: (id, options) => frontend.getRecoveryFlow({ id }, options),
    verification: (id, options) => frontend.getVerificationFlow({ id }, options),
    settings: (id, options) => frontend.getSettingsFlow({ id }, options),
  };

  return {
    async sendVerification(email) {
      // An API flow: no browser, no cookies; Kratos sends the code when the flow gets an address.
      const flow = await callUpstream(
        "kratos",
        "createNativeVerificationFlow",
        async () => (await frontend.createNativeVerificationFlow()).data,
      );
      await callUpstream("kratos", "updateVerificationFlow", async () => {
        await frontend.updateVerificationFlow({ flow: flow.id, updateVerificationFlowBody: { method: "code", email } });
      });
    },
    async get(kind, id, headers) {
      try {
        const response = await callUpstream("kratos", `get${kind}Flow`, () => getters[kind](id, { headers }));
        const body: unknown = response.data;
        return typeof (body as { id?: unknown } | null)?.id === "string" ? body : undefined;
      } catch (error) {
        if (error instanceof UpstreamError && !error.unavailable) return undefined;
        throw error;
      }
    },
    async start(kind, query, headers) {
      try {
        // The browser's cookies go as its own header; a redirect is Kratos sending a browser elsewhere: the SDK follows none.
        const response = await callUpstream("kratos", `createBrowser${kind}Flow`, () => starters[kind](query, { headers }));
        const body: unknown = response.data;
        if (typeof (body as { id?: unknown } | null)?.id !== "string") return undefined;
        started(kind);
        const setCookie = response.headers["set-cookie"];
        return { flow: body, setCookie: Array.isArray(setCookie) ? setCookie : [] };
      } catch (error) {
        // Kratos answered, but not with a flow: the app asks again and shows the answer.
        if (error instanceof UpstreamError && !error.unavailable) return undefined;
        throw error;
      }
    },
  };
}
