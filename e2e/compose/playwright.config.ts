// The compose suite's browser tests (`npm test -- compose`): the operator's
// journeys against docker-compose.yml as docs/production.md starts it on a
// laptop, https://localhost behind Caddy, whose certificate comes from Caddy's
// own authority. One worker, in order: the journeys restart, stop and kill
// the containers the others would be using.
import { defineConfig } from "@playwright/test";
import { chromiumLaunchOptions } from "../support/chromium.js";
import { testStackEnv } from "../../stack/test-stack.js";

const baseURL = process.env[testStackEnv.portalOrigin];
if (!baseURL) {
  throw new Error("The compose suite's tests run against the compose stack: start them with `npm test -- compose`");
}

export default defineConfig({
  testDir: ".",
  outputDir: "../../test-results/compose",
  timeout: 300_000,
  expect: { timeout: 20_000 },
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: [["list"]],
  use: {
    baseURL,
    // Chromium does not know Caddy's authority (Node does: NODE_EXTRA_CA_CERTS).
    ignoreHTTPSErrors: true,
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
    launchOptions: chromiumLaunchOptions,
  },
});
