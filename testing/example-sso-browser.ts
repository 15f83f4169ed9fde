// Example SSO's round trip as a browser makes it, over real HTTP: from the
// provider's authorize URL (Kratos' redirect_browser_to) through its sign-in
// page and consent, to the portal's callback, which is not taken.
import type { HttpBrowser } from "./http-browser.js";

/** Signs in at Example SSO with the address; the URL it sends the browser back to (Kratos' callback at the portal). */
export async function signInAtExampleSso(browser: HttpBrowser, authorizeUrl: string, email: string): Promise<URL> {
  const signInPage = await browser.location(authorizeUrl);
  const challenge = signInPage.searchParams.get("login_challenge");
  if (!challenge) throw new Error(`Example SSO did not ask for a sign-in: ${signInPage.href}`);
  const signedIn = await browser.request(new URL("/login", signInPage).href, { form: { challenge, email } });
  let next = new URL(signedIn.headers.get("location") ?? "", signInPage);
  // Hydra → consent (granted without asking) → Hydra → the callback.
  for (let hop = 0; hop < 5 && next.pathname.indexOf("/self-service/methods/oidc/callback") < 0; hop++) {
    next = await browser.location(next.href);
  }
  if (next.pathname.indexOf("/self-service/methods/oidc/callback") < 0) throw new Error(`Example SSO did not come back: ${next.href}`);
  return next;
}
