// Moving people in from another identity system: an admin imports 1,000
// people from a Keycloak realm export (pbkdf2-sha256, made here with
// node:crypto) and a few from an Auth0 export (bcrypt, made with bcryptjs),
// checks the dry run's summary, runs the import with its progress bar,
// saves the result file (no hash in it), and the people sign in through the
// sign-in page with their old passwords. The import's people per second and
// the portal's memory are attached to the test's result.
import { execFileSync } from "node:child_process";
import { pbkdf2Sync, randomBytes, randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import { readFile } from "node:fs/promises";
import bcrypt from "bcryptjs";
import type { Page } from "@playwright/test";
import { expect, test } from "./support/test.js";
import { expectAccessible } from "./support/a11y.js";
import { menu, signInWithPassword } from "./support/flows.js";
import { newIdentity, signInWithSecondFactorByApi } from "./support/identities.js";
import { stack } from "./support/stack.js";

const realmSize = 1000;
const iterations = 1000;

/** One Keycloak user with a pbkdf2-sha256 password credential, as a realm export writes it. */
function keycloakUser(email: string, password: string) {
  const salt = randomBytes(16);
  const value = pbkdf2Sync(password, salt, iterations, 32, "sha256");
  return {
    username: email,
    email,
    firstName: "Realm",
    lastName: "Person",
    emailVerified: true,
    enabled: true,
    realmRoles: ["default-roles-acme", "offline_access"],
    credentials: [
      {
        type: "password",
        secretData: JSON.stringify({ value: value.toString("base64"), salt: salt.toString("base64"), additionalParameters: {} }),
        credentialData: JSON.stringify({ hashIterations: iterations, algorithm: "pbkdf2-sha256", additionalParameters: {} }),
      },
    ],
  };
}

/** The portal's resident memory now and at its peak, in MB, from the process that listens on its port. */
function portalMemory(): { rssMb: number; peakMb: number } {
  const port = new URL(stack.portalOrigin).port;
  const listening = execFileSync("ss", ["-ltnpH", `sport = :${port}`], { encoding: "utf8" });
  const pid = /pid=(\d+)/.exec(listening)?.[1];
  if (pid === undefined) return { rssMb: Number.NaN, peakMb: Number.NaN };
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const kb = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? Number.NaN);
  return { rssMb: Math.round(kb("VmRSS") / 1024), peakMb: Math.round(kb("VmHWM") / 1024) };
}

/** Opens the dialog and reads the file into it; resolves when the dry run's summary is shown. */
async function checkFile(page: Page, name: string, mimeType: string, content: string, summary: string) {
  await page.getByRole("button", { name: "Import people", exact: true }).click();
  const dialog = page.getByRole("dialog", { name: "Import people from another identity system" });
  await dialog.getByLabel("File").setInputFiles({ name, mimeType, buffer: Buffer.from(content) });
  await expect(dialog.getByRole("status")).toHaveText(summary, { timeout: 60_000 });
  return dialog;
}

test("an admin imports 1,000 people from Keycloak and a few from Auth0, who then sign in with their old passwords", async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(300_000);
  const prefix = `kc-${randomUUID().slice(0, 8)}`;
  const address = (index: number) => `${prefix}-${String(index).padStart(4, "0")}@example.org`;
  const pbkdf2Password = `old pbkdf2 ${randomUUID()}`;
  const users = Array.from({ length: realmSize }, (_, index) => keycloakUser(address(index), index === 7 ? pbkdf2Password : `pw-${index}`));
  const realm = { realm: "acme", users: [...users, keycloakUser("not an address", "x"), keycloakUser(address(3).toUpperCase(), "x")] };

  await signInWithSecondFactorByApi(page, await newIdentity({ roles: ["admin"] }));
  await page.goto("/manage-users");

  const before = portalMemory();
  let dialog = await checkFile(page, "realm-export.json", "application/json", JSON.stringify(realm), `1000 of 1002 rows can be imported.`);
  await expect(dialog.getByRole("row").filter({ hasText: "Not imported: the address is on an earlier row" })).toHaveCount(1);
  await expect(dialog.getByRole("row").filter({ hasText: "Not imported: not an address the accounts can take" })).toHaveCount(1);
  await expectAccessible(page);

  const started = performance.now();
  await dialog.getByRole("button", { name: "Import 1000 people" }).click();
  await expect(dialog.getByRole("status")).toHaveText("Done: 1000 of 1002 people imported.", { timeout: 120_000 });
  const seconds = (performance.now() - started) / 1000;
  const after = portalMemory();
  const figures = {
    people: realmSize,
    seconds: Number(seconds.toFixed(2)),
    peoplePerSecond: Math.round(realmSize / seconds),
    portalRssMbBefore: before.rssMb,
    portalRssMbAfter: after.rssMb,
    portalPeakRssMb: after.peakMb,
  };
  console.log(`import figures: ${JSON.stringify(figures)}`);
  await testInfo.attach("import-figures", { body: JSON.stringify(figures, null, 2), contentType: "application/json" });

  const download = page.waitForEvent("download");
  await dialog.getByRole("button", { name: "Download the result (CSV)" }).click();
  const result = await readFile(await (await download).path(), "utf8");
  const lines = result.split("\r\n");
  expect(lines[0]).toBe('"email","outcome","reason"');
  expect(lines).toHaveLength(1003);
  expect(lines).toContain(`"${address(0)}","imported",""`);
  expect(lines).toContain(`"not an address","refused","invalid_email"`);
  expect(result).not.toMatch(/pbkdf2|\$2[ab]\$|salt/);
  await dialog.getByRole("button", { name: "Close" }).last().click();

  const bcryptPassword = `old bcrypt ${randomUUID()}`;
  const auth0 = [1, 2, 3]
    .map((index) =>
      JSON.stringify({
        email: `a0-${prefix}-${index}@example.org`,
        email_verified: true,
        given_name: "Auth",
        family_name: `Zero ${index}`,
        passwordHash: bcrypt.hashSync(index === 1 ? bcryptPassword : `pw-${index}`, 10),
      }),
    )
    .join("\n");
  dialog = await checkFile(page, "auth0-users.json", "application/json", auth0, "3 of 3 rows can be imported.");
  await dialog.getByRole("button", { name: "Import 3 people" }).click();
  // Before each batch the portal reads which addresses Kratos already holds, a pass over all its accounts:
  // thousands by now in the browser suite, on the test stack's SQLite.
  await expect(dialog.getByRole("status")).toHaveText("Done: 3 of 3 people imported.", { timeout: 60_000 });

  for (const [email, password] of [
    [address(7), pbkdf2Password],
    [`a0-${prefix}-1@example.org`, bcryptPassword],
  ] as const) {
    const context = await browser.newContext();
    const person = await context.newPage();
    await signInWithPassword(person, email, password);
    await expect(menu(person)).toBeVisible();
    await context.close();
  }
});
