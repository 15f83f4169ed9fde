// /api/oauth2: the portal as Hydra's consent and logout UI. The browser gets
// what the pages show and the address to follow; never Hydra's admin answers whole.
import { Type, type Static } from "@sinclair/typebox";
import { ClientId } from "./clients.js";
import { Input } from "./input.js";

const Challenge = Type.String({ minLength: 1, maxLength: 2048 });

export const ConsentQuery = Input({ consent_challenge: Challenge });
export const LogoutQuery = Input({ logout_challenge: Challenge });

/** Where the browser goes next: back to Hydra, which sends it on to the application. */
export const RedirectTo = Type.Object({ redirect_to: Type.String() });
export type RedirectTo = Static<typeof RedirectTo>;

export const ConsentApplication = Type.Object({
  client_id: Type.String(),
  client_name: Type.String(),
  logo_uri: Type.String(),
  client_uri: Type.String(),
});

export const ConsentRequest = Type.Object({
  challenge: Type.String(),
  application: ConsentApplication,
  requested_scope: Type.Array(Type.String()),
  requested_audience: Type.Array(Type.String()),
});
export type ConsentRequest = Static<typeof ConsentRequest>;

/** Either the question to ask, or (consent remembered, or the client skips it) where to go. */
export const ConsentAnswer = Type.Union([ConsentRequest, RedirectTo]);

export const ConsentDecision = Input({
  consent_challenge: Challenge,
  /** A subset of the requested scopes; unchecked ones are not granted. */
  grant_scope: Type.Array(Type.String({ maxLength: 200 }), { maxItems: 100, uniqueItems: true }),
  /** Remember the decision until the user revokes it in Connected apps. */
  remember: Type.Boolean({ default: false }),
});
export type ConsentDecision = Static<typeof ConsentDecision>;

export const ConsentRejection = Input({ consent_challenge: Challenge });

export const LogoutRequest = Type.Object({
  challenge: Type.String(),
  /** Null when the user started the logout at Hydra rather than from an application. */
  application: Type.Union([Type.Object({ client_id: Type.String(), client_name: Type.String() }), Type.Null()]),
});
export type LogoutRequest = Static<typeof LogoutRequest>;

export const LogoutAcceptance = Input({ logout_challenge: Challenge });

/** An application the user granted access to (Connected apps): its consent sessions at Hydra, one entry per client. */
export const ConnectedApp = Type.Object({
  client_id: Type.String(),
  client_name: Type.String(),
  logo_uri: Type.String(),
  client_uri: Type.String(),
  /** Every scope granted to the application, over all of its consent sessions. */
  scopes: Type.Array(Type.String()),
  /** When the user last granted access (ISO 8601); null when Hydra did not record it. */
  granted_at: Type.Union([Type.String(), Type.Null()]),
  /** The user asked not to be asked again. */
  remembered: Type.Boolean(),
});
export type ConnectedApp = Static<typeof ConnectedApp>;

export const ConnectedApps = Type.Object({ apps: Type.Array(ConnectedApp) });
export type ConnectedApps = Static<typeof ConnectedApps>;

export const ClientIdParams = Input({ clientId: ClientId });
