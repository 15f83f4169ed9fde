// Hydra's consent sessions of one subject (admin API): what Connected apps
// shows, and revoking them, which also revokes the tokens issued under them.
import type { OAuth2Api, OAuth2ConsentSession } from "@ory/client";
import { pageOf } from "../upstream/pages.js";
import { callUpstream } from "../upstream/call.js";

export interface HydraConsentSessions {
  /** Every consent session of the subject, all pages. */
  list(subject: string): Promise<OAuth2ConsentSession[]>;
  /** One application's, or with no client every application's. */
  revoke(subject: string, clientId?: string): Promise<void>;
}

/** Hydra's largest page; a user with more consent sessions than this is paged through. */
const pageSize = 500;

export function hydraConsentSessions(api: OAuth2Api): HydraConsentSessions {
  return {
    async list(subject) {
      const sessions: OAuth2ConsentSession[] = [];
      let pageToken: string | undefined;
      do {
        const page = await callUpstream("hydra", "listOAuth2ConsentSessions", async () => {
          const { data, headers } = await api.listOAuth2ConsentSessions({ subject, pageSize, pageToken });
          return pageOf(data, pageSize, headers.link);
        });
        sessions.push(...page.items);
        pageToken = page.nextPageToken;
      } while (pageToken);
      return sessions;
    },
    revoke: (subject, clientId) =>
      callUpstream("hydra", "revokeOAuth2ConsentSessions", async () => {
        await api.revokeOAuth2ConsentSessions(clientId === undefined ? { subject, all: true } : { subject, client: clientId });
      }),
  };
}
