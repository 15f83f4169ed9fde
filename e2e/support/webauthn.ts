// Security keys and passkeys live in Chromium's virtual authenticator (DevTools Protocol).
import type { Page } from "@playwright/test";

/** A platform authenticator with user verification, as a phone or laptop with a screen lock has. */
export async function addVirtualAuthenticator(page: Page): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("WebAuthn.enable");
  await cdp.send("WebAuthn.addVirtualAuthenticator", {
    options: {
      protocol: "ctap2",
      transport: "internal",
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
    },
  });
}
