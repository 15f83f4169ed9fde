// A visitor on a poor mobile link (Chromium's network emulation, the
// benchmark's throttled profile) who types into the server's form before the
// app's scripts arrived: the scripts are held until the test lets them go, so
// that "before" never depends on how fast the machine is.
import type { Page } from "@playwright/test";
import { emulateNetwork, throttled } from "../../testing/network-profiles.js";

export interface HeldScripts {
  /** Lets the scripts held so far, and every later one, through. */
  release(): void;
}

/** From now on the page loads over the throttled network, and its scripts wait for release(). */
export async function onSlowLinkWithScriptsHeld(page: Page): Promise<HeldScripts> {
  await emulateNetwork(await page.context().newCDPSession(page), throttled);
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route("**/*", async (route) => {
    if (route.request().resourceType() === "script") await released;
    await route.fallback();
  });
  return { release };
}
