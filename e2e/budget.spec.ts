// Issue 11 §2 and §5: what a first-time visitor downloads before the sign-in
// page is usable. Bytes are deterministic, times are not: this test counts
// bytes only (`npm run bench` measures the times).
import type { Request, Response } from "@playwright/test";
import { expect, test } from "./support/test.js";

/**
 * The most the sign-in page's scripts and stylesheets may weigh on the wire, compressed: what the split app
 * reached (147,991 bytes: the app's entry file, its CSS and Kratos' webauthn.js), rounded up. With the page
 * and the headers that keeps /login under issue 11's 150 KiB. Raise it only with a reason: a visitor on a
 * slow phone waits for every byte of it before the form shows.
 */
const loginJsCssBudget = 150_000;

/** The app's files that index.html makes the browser load: the entry script, its static imports, the stylesheets. */
function entryAssets(html: string): Set<string> {
  return new Set([...html.matchAll(/<(?:script|link)\b[^>]*\b(?:src|href)="(\/assets\/[^"]+)"/g)].map((match) => match[1] ?? ""));
}

async function encodedBodyBytes(request: Request): Promise<number> {
  return (await request.sizes()).responseBodySize;
}

async function sum(requests: Request[], bytesOf: (request: Request) => Promise<number>): Promise<number> {
  return (await Promise.all(requests.map(bytesOf))).reduce((total, bytes) => total + bytes, 0);
}

test("the sign-in page needs only its entry files, within the byte budget", async ({ page, request }) => {
  const entry = entryAssets(await (await request.get("/login")).text());
  expect([...entry].filter((path) => path.endsWith(".js")).length).toBeGreaterThan(0);
  expect([...entry].filter((path) => path.endsWith(".css")).length).toBeGreaterThan(0);
  // The pages of signed-in users are not among them.
  for (const lazy of [/\/shell-layout-/, /\/settings-/, /\/clients-/]) {
    expect([...entry].filter((path) => lazy.test(path))).toEqual([]);
  }

  // Any other file of the app is refused: the page must be usable without it.
  const refused: string[] = [];
  await page.route(
    (url) => url.pathname.startsWith("/assets/") && !entry.has(url.pathname),
    (route) => {
      refused.push(new URL(route.request().url()).pathname);
      return route.abort();
    },
  );
  const answers: Response[] = [];
  page.on("response", (answer) => answers.push(answer));
  // This Kratos' sign-in form (passkeys on) names its webauthn.js, which the page adds once the form rendered.
  const webauthn = page.waitForResponse((answer) => new URL(answer.url()).pathname === "/kratos/.well-known/ory/webauthn.js");

  await page.goto("/login");
  await expect(page.getByLabel("Email")).toBeEnabled();
  await expect(page.getByRole("button", { name: "Sign in with password" })).toBeEnabled();

  // Once idle, the app loads the signed-in pages ahead of need (refused here, so not counted).
  await expect.poll(() => refused.some((path) => /\/clients-[^/]+\.js$/.test(path))).toBe(true);
  await expect.poll(() => refused.some((path) => /\/settings-[^/]+\.js$/.test(path))).toBe(true);
  await webauthn;
  await Promise.all(answers.map((answer) => answer.finished()));
  const loaded = answers.map((answer) => answer.request());

  const appFiles = answers.filter((answer) => entry.has(new URL(answer.url()).pathname));
  expect(appFiles.map((answer) => new URL(answer.url()).pathname).sort()).toEqual([...entry].sort());
  for (const file of appFiles) expect(file.headers()["content-encoding"], file.url()).toBe("br");
  // Every script and stylesheet counts, the app's and Kratos' alike.
  const jsCss = await sum(
    loaded.filter((done) => ["script", "stylesheet"].includes(done.resourceType())),
    encodedBodyBytes,
  );
  const all = await sum(loaded, async (done) => (await done.sizes()).responseHeadersSize + (await encodedBodyBytes(done)));
  console.log(`/login, cold: JS and CSS ${jsCss} bytes; all ${loaded.length} answers ${all} bytes, headers included`);
  expect(jsCss).toBeLessThanOrEqual(loginJsCssBudget);
});
