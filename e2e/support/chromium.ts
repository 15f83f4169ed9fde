// How every browser test starts Chromium: Debian's, and kept from calling
// home, since the machine has no network beyond loopback and the package
// registries. Both Playwright configurations (e2e/ and e2e/compose/) use it.
import type { LaunchOptions } from "@playwright/test";

export const chromiumLaunchOptions: LaunchOptions = {
  executablePath: process.env.CHROMIUM_PATH || "/usr/bin/chromium",
  args: [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
  ],
};
