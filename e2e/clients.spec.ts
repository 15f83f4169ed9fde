// Manage Clients (docs/oauth2-provider.md) in real Chromium against the real stack: the
// clients live in the stack's Hydra, and their secrets are tried at Hydra's
// token endpoint, as an application would use them.
import { randomUUID } from "node:crypto";
import type { Locator, Page } from "@playwright/test";
import { expect, test } from "./support/test.js";
import { clientCredentialsToken } from "../testing/oauth2-application.js";
import { expectAccessible } from "./support/a11y.js";
import { menu, waitForApp } from "./support/flows.js";
import { newIdentity, signInByApi, signInWithSecondFactorByApi } from "./support/identities.js";
import { saveScreenshot } from "./support/screenshots.js";
import { stack } from "./support/stack.js";
import { expectToast } from "./support/toasts.js";

/** A client_credentials grant at Hydra with this id and secret, as an application makes it: a token, or Hydra's refusal. */
const grant = (clientId: string, secret: string) => clientCredentialsToken(stack.hydra, clientId, secret);

const clientsTable = (page: Page) => page.getByRole("table", { name: "OAuth2 clients" });
const rowOf = (page: Page, name: string) =>
  clientsTable(page)
    .getByRole("row")
    .filter({ has: page.getByRole("cell", { name, exact: true }) });

async function openManageClients(page: Page): Promise<void> {
  await signInWithSecondFactorByApi(page, await newIdentity({ roles: ["admin"] }));
  await page.goto("/manage-clients");
  await expect(page.getByRole("heading", { name: "Manage Clients" })).toBeVisible();
  await expect(clientsTable(page)).toBeVisible();
}

/** The secret the global modal shows, after checking it warns that this is the only time. */
async function secretIn(dialog: Locator): Promise<string> {
  await expect(dialog).toContainText("it will not be shown again");
  const secret = await dialog.getByLabel("Client secret").inputValue();
  expect(secret.length).toBeGreaterThan(8);
  return secret;
}

/** Nothing on the page, text or field, holds the secret. */
async function expectSecretGone(page: Page, secret: string): Promise<void> {
  await expect(page.locator("body")).not.toContainText(secret);
  const inFields = await page
    .locator("input, textarea")
    .evaluateAll((fields, value) => fields.some((field) => (field as HTMLInputElement).value.includes(value)), secret);
  expect(inFields, "a field holds the secret").toBe(false);
}

test("an admin creates a client, finds it, edits it, rotates its secret and deletes it", async ({ page, context }) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  const tag = randomUUID().slice(0, 8);
  const name = `Tiles ${tag}`;
  await openManageClients(page);

  await page.getByRole("button", { name: "New client" }).click();
  const form = page.getByRole("dialog", { name: "New client" });
  await expect(form).toBeVisible();
  await expectAccessible(page);
  await saveScreenshot(page, "clients-form");
  await form.getByLabel("Name").fill(name);
  // A machine-to-machine client: a token by id and secret alone.
  await form.getByRole("checkbox", { name: "Authorization code" }).uncheck();
  await form.getByRole("checkbox", { name: "Refresh token" }).uncheck();
  await form.getByRole("checkbox", { name: "Client credentials" }).check();
  await form.getByRole("button", { name: "Create client" }).click();

  const created = page.getByRole("dialog", { name: "Client created" });
  await expect(created).toBeVisible();
  await expectToast(page, `Created ${name}.`);
  await expect(form).toBeHidden();
  const secret = await secretIn(created);
  await created.getByRole("button", { name: "Copy" }).click();
  await expect(created.getByRole("status")).toHaveText("Copied to the clipboard.");
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);
  await expectAccessible(page);
  await created.getByRole("button", { name: "Close" }).click();
  await expect(created).toBeHidden();
  await expectSecretGone(page, secret);

  const row = rowOf(page, name);
  await expect(row).toHaveCount(1);
  await expect(row).toContainText("client_credentials");
  const clientId = (await row.getByRole("cell").nth(1).textContent())!.trim();
  await expect(grant(clientId, secret)).resolves.toBeTruthy();

  // Search by part of the name, in another case.
  await page.getByLabel("Search by name").fill(tag.toUpperCase());
  await page.getByRole("button", { name: "Search", exact: true }).click();
  await expect(clientsTable(page).locator("tbody tr")).toHaveCount(1);
  await expect(rowOf(page, name)).toBeVisible();
  await expectAccessible(page);
  await saveScreenshot(page, "clients-list");

  await page.getByRole("button", { name: `Edit ${name}`, exact: true }).click();
  let edit = page.getByRole("dialog", { name: `Edit ${name}` });
  await expect(edit.getByLabel("Name")).toHaveValue(name);
  await expectSecretGone(page, secret);
  const renamed = `${name} renamed`;
  await edit.getByLabel("Name").fill(renamed);
  await edit.getByLabel("Redirect URIs", { exact: true }).fill("https://tiles.example.org/callback");
  await edit.getByRole("button", { name: "Save" }).click();
  await expectToast(page, `Saved ${renamed}.`);
  await expect(edit).toBeHidden();
  await expect(rowOf(page, renamed)).toBeVisible();
  await expect(rowOf(page, name)).toHaveCount(0);

  await page.getByRole("button", { name: `Edit ${renamed}`, exact: true }).click();
  edit = page.getByRole("dialog", { name: `Edit ${renamed}` });
  await expect(edit.getByLabel("Redirect URIs", { exact: true })).toHaveValue("https://tiles.example.org/callback");
  await expect(edit.getByRole("checkbox", { name: "Client credentials" })).toBeChecked();
  await edit.getByRole("button", { name: "Cancel" }).click();
  await expect(edit).toBeHidden();
  await expect(grant(clientId, secret), "the secret survives an edit").resolves.toBeTruthy();

  await page.getByRole("button", { name: `Rotate secret ${renamed}`, exact: true }).click();
  const confirmRotate = page.getByRole("dialog", { name: "Rotate secret" });
  await expect(confirmRotate).toContainText(renamed);
  await confirmRotate.getByRole("button", { name: "Rotate secret" }).click();
  const rotated = page.getByRole("dialog", { name: "New client secret" });
  await expect(rotated).toBeVisible();
  await expectToast(page, `${renamed} has a new secret.`);
  const newSecret = await secretIn(rotated);
  expect(newSecret).not.toBe(secret);
  await rotated.getByRole("button", { name: "Close" }).click();
  await expect(rotated).toBeHidden();
  await expectSecretGone(page, newSecret);
  await expect(grant(clientId, secret), "the old secret").rejects.toMatchObject({ status: 401 });
  await expect(grant(clientId, newSecret), "the new secret").resolves.toBeTruthy();

  await page.getByRole("button", { name: `Delete ${renamed}`, exact: true }).click();
  const confirmDelete = page.getByRole("dialog", { name: "Delete client" });
  await expect(confirmDelete).toContainText(renamed);
  await confirmDelete.getByRole("button", { name: "Delete" }).click();
  await expectToast(page, `Deleted ${renamed}.`);
  await expect(rowOf(page, renamed)).toHaveCount(0);
  await expect(page.getByText(`No client's name contains "${tag.toUpperCase()}".`)).toBeVisible();
  await expect(grant(clientId, newSecret), "a deleted client").rejects.toMatchObject({ status: 401 });
});

test("the server's validation error appears at its field", async ({ page }) => {
  await openManageClients(page);
  await page.getByRole("button", { name: "New client" }).click();
  const form = page.getByRole("dialog", { name: "New client" });
  await form.getByLabel("Name").fill(`Fragment ${randomUUID().slice(0, 8)}`);
  await form.getByLabel("Redirect URIs", { exact: true }).fill("https://tiles.example.org/callback#section");
  await form.getByRole("button", { name: "Create client" }).click();

  const redirects = form.getByLabel("Redirect URIs", { exact: true });
  await expect(redirects).toHaveAttribute("aria-invalid", "true");
  await expect(redirects).toHaveAccessibleDescription(/https:\/\/tiles\.example\.org\/callback#section must not contain a fragment \(#\)/);
  await expect(redirects).toBeFocused();
  await expect(form.getByLabel("Name")).toHaveAttribute("aria-invalid", "false");
  await expectAccessible(page);
  await saveScreenshot(page, "clients-form-error");

  // Fixed, the same form creates the client.
  await redirects.fill("https://tiles.example.org/callback");
  await form.getByRole("button", { name: "Create client" }).click();
  const created = page.getByRole("dialog", { name: "Client created" });
  await expect(created).toBeVisible();
  await created.getByRole("button", { name: "Close" }).click();
});

test("without Hydra, Manage Clients says so and the rest of the portal works", async ({ page }) => {
  await signInWithSecondFactorByApi(page, await newIdentity({ roles: ["admin"] }));
  // The answer the server gives when Hydra cannot be reached (server/test covers that against a stopped Hydra).
  await page.route(/\/api\/clients(\?|$)/, (route) =>
    route.fulfill({
      status: 503,
      json: { code: "hydra_unavailable" },
    }),
  );
  // Opened as a page, Manage Clients comes with its list from the server, which reaches this stack's Hydra:
  // reached from the menu, the page asks for the list itself and gets that answer.
  await page.goto("/settings");
  await waitForApp(page);
  await menu(page).getByRole("link", { name: "Manage Clients" }).click();
  await expect(page.getByRole("heading", { name: "Client management is unavailable" })).toBeVisible();
  await expect(page.getByRole("button", { name: "New client" })).toBeDisabled();
  await expectAccessible(page);

  await menu(page).getByRole("link", { name: "Account Settings" }).click();
  await expect(page.getByLabel("First name")).toBeVisible();

  await page.unroute(/\/api\/clients(\?|$)/);
  await menu(page).getByRole("link", { name: "Manage Clients" }).click();
  await expect(clientsTable(page)).toBeVisible();
  await expect(page.getByRole("heading", { name: "Client management is unavailable" })).toHaveCount(0);
});

test("anyone but an admin is refused, in the page and by the API", async ({ page }) => {
  await signInByApi(page, await newIdentity({ roles: ["viewer"] }));
  await page.goto("/manage-clients");
  await expect(page.getByRole("heading", { name: "Not allowed" })).toBeVisible();
  await expect(page.getByRole("table", { name: "OAuth2 clients" })).toHaveCount(0);
  await expectAccessible(page);

  const list = await page.request.get("/api/clients");
  expect(list.status()).toBe(403);
  // With the portal's Origin and JSON, so the refusal is the role, not the CSRF rule.
  const create = await page.request.post("/api/clients", {
    headers: { origin: stack.portalOrigin },
    data: { client_name: "Not mine", grant_types: ["client_credentials"] },
  });
  expect(create.status()).toBe(403);
  expect(await create.json()).toEqual({ code: "role_required" });
});

test("the API refuses an admin without a second factor, and serves one with it", async ({ browser }) => {
  const oneFactor = await (await browser.newContext()).newPage();
  await signInByApi(oneFactor, await newIdentity({ roles: ["admin"] }));
  const refused = await oneFactor.request.get("/api/clients");
  expect(refused.status()).toBe(403);
  expect(await refused.json()).toEqual({ code: "aal2_required" });

  const twoFactors = await (await browser.newContext()).newPage();
  await signInWithSecondFactorByApi(twoFactors, await newIdentity({ roles: ["admin"] }));
  expect((await twoFactors.request.get("/api/clients")).status()).toBe(200);
});
