// The tests' OAuth2 applications at the real Hydra, as relying parties of
// openid-client: discovery at Hydra's issuer, then the library's authorization
// URL, PKCE, code exchange, userinfo, end-session URL and client credentials.
import * as oidc from "openid-client";

export interface HydraAddress {
  /** What Hydra names itself, http://localhost:<port>: its endpoints in discovery, the iss of its tokens. */
  issuer: string;
  /** Where this Hydra's public API listens, on loopback. */
  publicUrl: string;
}

/**
 * The application `clientId` at this Hydra: a confidential client with its
 * secret (client_secret_basic), a public one without. Hydra's issuer names
 * localhost while it listens on 127.0.0.1, and in the scale-out stack two
 * Hydras share one issuer: the application's requests for the issuer go to
 * `publicUrl`, as a resolver or a load balancer would send them. The test
 * stacks speak plain http, which openid-client refuses unless allowed.
 */
export function hydraApplication(hydra: HydraAddress, clientId: string, clientSecret?: string): Promise<oidc.Configuration> {
  const { origin } = new URL(hydra.issuer);
  const authentication = clientSecret === undefined ? oidc.None() : oidc.ClientSecretBasic(clientSecret);
  return oidc.discovery(new URL(hydra.issuer), clientId, undefined, authentication, {
    // eslint-disable-next-line @typescript-eslint/no-deprecated -- the test stacks' Hydra speaks http on loopback; the library marks this deprecated only to make it stand out.
    execute: [oidc.allowInsecureRequests],
    // The DOM typings of the browser tests' tsconfig take no Uint8Array<ArrayBufferLike> as a body; Node's fetch
    // does, so the server's project (which lint reads) sees no need for the assertion.
    [oidc.customFetch]: async (url, options) => {
      const target = url.startsWith(origin) ? `${hydra.publicUrl}${url.slice(origin.length)}` : url;
      try {
        // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-assertion -- needed under e2e/tsconfig.json, see above
        return await fetch(target, options as RequestInit);
      } catch (error) {
        // Node's fetch says only "fetch failed"; the socket's own error says why.
        const cause = (error as { cause?: { code?: string; message?: string } }).cause;
        throw new Error(`${options.method} ${target}: ${cause?.code ?? ""} ${cause?.message ?? String(error)}`, { cause: error });
      }
    },
  });
}

/** An access token for a client_credentials grant with this secret; rejects with Hydra's error (its status) when refused. */
export async function clientCredentialsToken(hydra: HydraAddress, clientId: string, clientSecret: string, scope?: string): Promise<string> {
  const application = await hydraApplication(hydra, clientId, clientSecret);
  const { access_token } = await oidc.clientCredentialsGrant(application, scope ? { scope } : {});
  return access_token;
}
