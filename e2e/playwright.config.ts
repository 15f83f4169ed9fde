// Browser tests: real Chromium (Debian's package) against the real stack that
// `npm test -- e2e` starts; the portal's origin comes in TEST_PORTAL_ORIGIN.
import { defineConfig } from "@playwright/test";

const baseURL = process.env.TEST_PORTAL_ORIGIN;
if (!baseURL) {
  throw new Error("The browser tests run against a stack: start them with `npm test -- e2e`");
}

export default defineConfig({
  testDir: ".",
  outputDir: "../test-results",
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: true,
  workers: 2,
  retries: 0,
  reporter: [["list"]],
  use: {
    baseURL,
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH || "/usr/bin/chromium",
      // The machine has no network beyond loopback: keep Chromium from calling home.
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
      ],
    },
  },
});
