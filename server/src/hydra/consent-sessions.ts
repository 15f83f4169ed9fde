// Hydra's consent sessions of one subject (admin API): what Connected apps
// shows, and revoking them, which also revokes the tokens issued under them.
import type { OAuth2Api, OAuth2ConsentSession } from "@ory/client";
import type { ConnectedApp } from "#contract/schemas/oauth2.js";
import { listPage } from "../upstream/pages.js";
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
          return listPage(data, pageSize, headers.link);
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

/**
 * Hydra keeps one consent session per authorization, so an application the
 * user signed in to twice appears twice; the user granted one application.
 */
export function connectedApps(sessions: OAuth2ConsentSession[]): ConnectedApp[] {
  const apps = new Map<string, ConnectedApp>();
  for (const session of sessions) {
    const client = session.consent_request?.client;
    const clientId = client?.client_id;
    if (!clientId) continue;
    const grantedAt = session.handled_at ?? null;
    const known = apps.get(clientId);
    if (!known) {
      apps.set(clientId, {
        client_id: clientId,
        client_name: client.client_name || clientId,
        logo_uri: client.logo_uri ?? "",
        client_uri: client.client_uri ?? "",
        scopes: [...new Set(session.grant_scope ?? [])],
        granted_at: grantedAt,
        remembered: session.remember === true,
      });
      continue;
    }
    known.scopes = [...new Set([...known.scopes, ...(session.grant_scope ?? [])])];
    known.remembered ||= session.remember === true;
    if (grantedAt && (!known.granted_at || grantedAt > known.granted_at)) known.granted_at = grantedAt;
  }
  // Most recently granted first: the one the user is most likely looking for.
  return [...apps.values()].sort((a, b) => (b.granted_at ?? "").localeCompare(a.granted_at ?? ""));
}
