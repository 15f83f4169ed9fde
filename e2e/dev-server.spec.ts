// Issue 30: `npm run dev`'s portal (the app from its sources through Vite's dev
// server, server/src/web/dev-web.ts), which `npm test -- e2e-dev` starts as
// `npm run dev` does. A user's journey works in it as in `npm start`'s, an
// address that is no page's included, with no error in the console, and it
// hands out nothing but the app: not the
// stack's data folder (secrets, databases), not the rest of the checkout, not
// to a page of another origin (CORS), not to a site of another name (DNS
// rebinding).
import { readFileSync } from "node:fs";
import { request as httpRequest } from "node:http";
import { join } from "node:path";
import { TOTP } from "otpauth";
import { rootDir } from "../stack/settings.js";
import { expect, test } from "./support/test.js";
import { menu, submitPassword, totpSecretOn, waitForApp } from "./support/flows.js";
import { newIdentity } from "./support/identities.js";
import { recordPageErrors } from "./support/page-errors.js";
import { stack, stackDataDir } from "./support/stack.js";

test("a user signs in, sets up an authenticator app and saves the profile, with no error in the console", async ({ page }) => {
  // The dev server compiles each module when it is first asked for: a fresh one's first pages took 48 s on a
  // busy 2-core machine (the whole app, module by module), close to a test's 60.
  test.slow();
  const user = await newIdentity({ verified: true, name: { first: "Ada", last: "Lovelace" } });
  const errors = recordPageErrors(page);
  await page.goto("/login");
  await expect(page.getByRole("button", { name: "Sign in with passkey", exact: true })).toBeEnabled();
  await submitPassword(page, user.email, user.password);
  await expect(menu(page)).toBeVisible();
  await waitForApp(page);

  // Account Settings' sections, through its own navigation: the dev server compiles each on the way.
  const sections = page.getByRole("navigation", { name: "Sections of Account Settings" });
  await sections.getByRole("link", { name: "Sign-in and security" }).click();
  const card = page.getByRole("region", { name: "Authenticator app" });
  await card.getByLabel("Verify code").fill(new TOTP({ secret: await totpSecretOn(page) }).generate());
  await card.getByRole("button", { name: "Save" }).click();
  // The card says it, where the focus goes; no toast repeats it (docs/accessibility.md, 4.1.3).
  await expect(card.getByRole("status").filter({ hasText: "The authenticator app is set up." })).toBeFocused();

  await sections.getByRole("link", { name: "Profile" }).click();
  const profile = page.getByRole("region", { name: "Profile" });
  await profile.getByLabel("First name").fill("Augusta");
  await profile.getByRole("button", { name: "Save" }).click();
  // The card says it, where the focus goes; no toast repeats it (docs/accessibility.md, 4.1.3).
  await expect(profile.getByRole("status").filter({ hasText: "Your profile was saved." })).toBeFocused();
  await expect(page.getByRole("banner")).toContainText("Augusta Lovelace");

  // An address that is no page's: a 404 with "not found", rendered through Vite as by the build, in the shell.
  const missing = await page.goto("/no-such-page");
  expect(missing?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Page not found" })).toBeVisible();
  await waitForApp(page);
  await expect(menu(page)).toBeVisible();
  expect(errors).toEqual([]);
});

/** A GET with headers fetch would not send (Host), as any HTTP client can. */
function get(path: string, headers: Record<string, string>): Promise<{ status: number; headers: Record<string, unknown> }> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(new URL(path, stack.portalOrigin), { headers }, (answer) => {
      answer.resume();
      answer.on("end", () => {
        resolve({ status: answer.statusCode ?? 0, headers: answer.headers });
      });
    });
    request.on("error", reject);
    request.end();
  });
}

test("the dev server hands out no secret, no other file of the checkout, nothing to another origin or site name", async ({ request }) => {
  const data = stackDataDir();
  const secretsOf = (service: string): Record<string, string | string[]> =>
    JSON.parse(readFileSync(join(data, service, "secrets.json"), "utf8")) as Record<string, string | string[]>;
  const kratosCookieSecret = String(secretsOf("kratos").cookie);
  // Each file, and what it holds that must not come out.
  const files: [string, string][] = [
    [join(data, "kratos", "secrets.json"), kratosCookieSecret],
    [join(data, "kratos", "kratos.runtime.json"), kratosCookieSecret],
    [join(data, "portal", "secrets.json"), String(secretsOf("portal").hook)],
    [join(data, "kratos", "kratos.sqlite"), "SQLite format 3"],
    [join(rootDir, "package.json"), '"devDependencies"'],
    [join(rootDir, "server", "src", "config.ts"), "PortalConfig"],
  ];
  for (const [file, content] of files) {
    for (const url of [
      `/@fs${file}`,
      `/@fs${file}?raw`,
      `/@fs${file}?import`,
      `/@fs${file}?import&raw`,
      `/@fs${file}?url`,
      `/@fs${file}?raw??`,
      `/@id/${file}`,
      `/@id/__x00__${file}`,
    ]) {
      const answer = await request.get(url);
      expect.soft(answer.status(), url).toBeGreaterThanOrEqual(400);
      expect.soft(await answer.text(), url).not.toContain(content);
    }
  }
  for (const url of ["/src/%2e%2e/%2e%2e/package.json", `/@fs${rootDir}/web/%2e%2e/package.json`, `/@fs${rootDir}/web/..%2fpackage.json`]) {
    const answer = await request.get(url);
    expect.soft(answer.status(), url).toBeGreaterThanOrEqual(400);
    expect.soft(await answer.text(), url).not.toContain('"devDependencies"');
  }
  // The app's own files are served: the refusals above are not of everything.
  expect((await request.get("/src/main.tsx")).status()).toBe(200);

  // No CORS grant to a page of another origin, localhost's other ports included.
  for (const method of ["GET", "OPTIONS"]) {
    const answer = await request.fetch("/src/main.tsx", {
      method,
      headers: { origin: "http://localhost:8123", "access-control-request-method": "GET" },
    });
    expect(answer.headers()["access-control-allow-origin"], method).toBeUndefined();
  }

  // Another site's name that points here (DNS rebinding): refused, the portal's pages as Vite's files.
  const port = new URL(stack.portalOrigin).port;
  for (const path of ["/login", "/config.json", "/src/main.tsx", "/@vite/client"]) {
    expect((await get(path, { host: `rebound.example:${port}` })).status, path).toBe(403);
    expect((await get(path, { host: new URL(stack.portalOrigin).host })).status, path).toBe(200);
  }

  // A broken escape in a page's query or a file's is a page or a refusal, never a failure.
  for (const url of ["/login?flow=%E0%A4%A", "/login?%", "/src/main.tsx?%", "/@vite/client?%E0"]) {
    expect((await get(url, { host: new URL(stack.portalOrigin).host })).status, url).toBeLessThan(500);
  }
});
