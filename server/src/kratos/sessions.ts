// Kratos' session check (whoami) with the browser's own cookie: the only
// place that knows what Kratos' answers to it mean.
import type { FrontendApi, Session } from "@ory/client";
import { notSignedIn, secondFactorRequired } from "../errors.js";
import { normalizeIdentifier } from "./submission.js";
import { callUpstream } from "../upstream/call.js";

export interface KratosSessions {
  /** The cookie's session; throws notSignedIn, secondFactorRequired or an UpstreamError. */
  whoami(cookie: string | undefined): Promise<Session>;
  /**
   * The account (its email, as an identifier) of the session these credentials
   * show, found through the identity's other sessions: whoami hides the
   * identity of a session that still owes its second factor, and Kratos lists
   * a session's siblings whatever its level. Undefined when it has none, or
   * when Kratos finds no session.
   */
  accountOf(credential: { cookie: string } | { token: string }): Promise<string | undefined>;
  /** The cookie's account's other active sessions (Kratos lists every one but the cookie's own); throws notSignedIn or an UpstreamError. */
  others(cookie: string | undefined): Promise<Session[]>;
  /** Resolves when Kratos' public API answers as it should; throws an UpstreamError otherwise. */
  probe(): Promise<void>;
}

export function kratosSessions(frontend: FrontendApi): KratosSessions {
  return {
    async whoami(cookie) {
      if (!cookie) throw notSignedIn();
      return callUpstream("kratos", "toSession", async () => (await frontend.toSession({ cookie })).data, {
        401: () => {
          throw notSignedIn();
        },
        // session_aal2_required: a second factor exists (required_aal: highest_available) but was not used.
        403: (failure) => {
          throw failure.failure.id === "session_aal2_required" ? secondFactorRequired() : failure;
        },
      });
    },

    async accountOf(credential) {
      const shown = "cookie" in credential ? { cookie: credential.cookie } : { xSessionToken: credential.token };
      const others = await callUpstream(
        "kratos",
        "listMySessions",
        async () => (await frontend.listMySessions({ ...shown, perPage: 1 })).data,
        {
          401: () => [],
        },
      );
      const email = (others[0]?.identity?.traits as { email?: unknown } | undefined)?.email;
      return typeof email === "string" ? normalizeIdentifier(email) : undefined;
    },

    async others(cookie) {
      if (!cookie) throw notSignedIn();
      return callUpstream("kratos", "listMySessions", async () => (await frontend.listMySessions({ cookie })).data, {
        401: () => {
          throw notSignedIn();
        },
      });
    },

    async probe() {
      // No readiness call exists for the public API: a check without a cookie is answered 401 by a working Kratos.
      await callUpstream(
        "kratos",
        "toSession",
        async () => {
          await frontend.toSession();
        },
        { 401: () => undefined },
      );
    },
  };
}
