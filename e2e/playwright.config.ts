// Browser tests: real Chromium (Debian's package) against the real stack that
// `npm test -- e2e` starts; the portal's origin comes in TEST_PORTAL_ORIGIN.
// Against `npm run dev`'s portal (`npm test -- e2e-dev`) its smoke test runs
// alone; it runs against no other.
import { defineConfig } from "@playwright/test";
import { chromiumLaunchOptions } from "./support/chromium.js";
import { testStackEnv } from "../stack/test-stack.js";

const baseURL = process.env[testStackEnv.portalOrigin];
if (!baseURL) {
  throw new Error("The browser tests run against a stack: start them with `npm test -- e2e`");
}
const devSmokeTest = "dev-server.spec.ts";
const devPortal = process.env[testStackEnv.portalMode] === "dev";

export default defineConfig({
  testDir: ".",
  // e2e/compose/ runs against the compose stack alone (`npm test -- compose`).
  ...(devPortal ? { testMatch: devSmokeTest } : { testIgnore: [devSmokeTest, "compose/**"] }),
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
    launchOptions: chromiumLaunchOptions,
  },
});
