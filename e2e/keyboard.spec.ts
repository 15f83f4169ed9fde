// Issue 48: the journeys with the keyboard alone (Tab, Shift+Tab, Enter,
// Escape, typing), never a pointer: every control on the way is reached in
// the reading order with its focus ring showing; after a navigation or a
// sent form the focus is on the new page's heading, on the first error, or
// on the form's answer when the answer replaced the focused control;
// dialogs keep the focus inside and give it back; toasts are status messages
// (role=status) that never take the focus.
import { randomUUID } from "node:crypto";
import { Configuration, OAuth2Api } from "@ory/client";
import type { Locator, Page } from "@playwright/test";
import { TOTP } from "otpauth";
import { RequestContextBrowser } from "../testing/request-context-browser.js";
import { totpSecretOn, waitForApp, wrongCredentials } from "./support/flows.js";
import { newIdentity, signInByApi, signInWithSecondFactorByApi } from "./support/identities.js";
import { codeIn, waitForMail } from "./support/mail.js";
import { stack } from "./support/stack.js";
import { expectToast, expectToastClosed, toastTexts } from "./support/toasts.js";
import { expect, test } from "./support/test.js";

/** Presses Tab (Shift+Tab when backwards) until the target has the focus; fails past `most` presses. */
async function tabTo(page: Page, target: Locator, { most = 25, backwards = false } = {}): Promise<void> {
  for (let press = 0; press < most; press++) {
    if (await target.evaluate((element) => element === document.activeElement)) return expectFocusVisible(page);
    await page.keyboard.press(backwards ? "Shift+Tab" : "Tab");
  }
  await expect(target, `reached with ${most} presses of Tab`).toBeFocused();
}

/** The next Tab lands on `target`: the reading order. */
async function nextTab(page: Page, target: Locator): Promise<void> {
  await page.keyboard.press("Tab");
  await expect(target).toBeFocused();
  await expectFocusVisible(page);
}

/** The focused element shows it (WCAG 2.4.7): an outline or a ring of at least 2 px. */
async function expectFocusVisible(page: Page): Promise<void> {
  const ring = await page.evaluate(() => {
    const element = document.activeElement as HTMLElement;
    const style = getComputedStyle(element);
    return {
      what: `${element.tagName} ${element.getAttribute("name") ?? element.textContent?.trim().slice(0, 30)}`,
      outline: style.outlineStyle !== "none" ? parseFloat(style.outlineWidth) : 0,
      shadow: style.boxShadow !== "none" ? style.boxShadow : "",
    };
  });
  expect(ring.outline >= 2 || ring.shadow !== "", `a focus ring on ${ring.what}`).toBe(true);
}

/** Waits until the app took over a public page: its language and theme menus wait for it. */
async function waitForPublicApp(page: Page): Promise<void> {
  await expect(page.locator(".public-tools select").last()).toBeEnabled();
}

/** A code of six digits that is not `code`: a wrong code that cannot be right by chance. */
function wrongCode(code: string): string {
  return code.replace(/^\d/, (digit) => String((Number(digit) + 1) % 10));
}

/** The toast with this text showed as a status message and closed without ever having the focus. */
async function expectStatusToast(page: Page, text: string): Promise<void> {
  expect((await expectToast(page, text)).role, `the toast "${text}" is a status message`).toBe("status");
  expect((await expectToastClosed(page, text)).focused, `the toast "${text}" never takes the focus`).toBe(false);
}

/** The focus is on the page's main heading, as after a navigation. */
async function expectHeadingFocused(page: Page, name: string): Promise<void> {
  await expect(page.getByRole("heading", { level: 1, name })).toBeFocused();
}

interface FocusMoves {
  __focusMoves?: (Element | null)[];
}

/** From now on the page records where the focus goes: each element that takes it, null when it leaves for none. */
async function recordFocusMoves(page: Page): Promise<void> {
  await page.evaluate(() => {
    const moves: (Element | null)[] = ((window as FocusMoves).__focusMoves = []);
    document.addEventListener("focusin", (event) => moves.push(event.target instanceof Element ? event.target : null));
    // Out of the document (the browser's own controls), or onto the page's body.
    document.addEventListener("focusout", (event) => {
      if (!event.relatedTarget) moves.push(null);
    });
  });
}

/**
 * `key` takes the focus straight to `target`, a control in a dialog, in the key press itself: through no other
 * element on the way, not the page behind, not the body, not out of the document (recordFocusMoves first).
 */
async function pressInDialog(page: Page, key: string, target: Locator): Promise<void> {
  await page.evaluate(() => (window as FocusMoves).__focusMoves?.splice(0));
  await page.keyboard.press(key);
  await expect(target).toBeFocused();
  const moves = await target.evaluate((element) =>
    ((window as FocusMoves).__focusMoves ?? []).map((moved) => {
      if (moved === element) return "the control";
      if (!moved) return "nowhere";
      return `${moved.closest("[role=dialog]") ? "" : "behind the dialog: "}${moved.tagName} ${moved.textContent?.trim().slice(0, 30)}`;
    }),
  );
  expect(moves, `${key} goes straight to the control`).toEqual(["the control"]);
  await expectFocusVisible(page);
}

/**
 * An admin on Manage Users searched down to themselves (the way to "Invite" is then the same however many people
 * the suite made), "Invite" reached with Tab and pressed: its dialog has the focus.
 */
async function openInviteDialogWithKeyboard(page: Page): Promise<{ invite: Locator; dialog: Locator }> {
  const admin = await newIdentity({ roles: ["admin"] });
  await signInWithSecondFactorByApi(page, admin);
  await page.goto(`/manage-users?email=${encodeURIComponent(admin.email)}&match=exact`);
  await waitForApp(page);
  const invite = page.getByRole("button", { name: "Invite", exact: true });
  await tabTo(page, invite, { most: 60 });
  await page.keyboard.press("Enter");
  const dialog = page.getByRole("dialog", { name: "Invite a person" });
  await expect(dialog).toBeFocused();
  return { invite, dialog };
}

/**
 * Then a new address typed into the dialog and sent with Enter: the dialog closes and gives the focus back to
 * "Invite". Returns the address.
 */
async function inviteWithKeyboard(page: Page): Promise<string> {
  const { invite, dialog } = await openInviteDialogWithKeyboard(page);
  await tabTo(page, dialog.getByLabel("Email address"), { most: 4 });
  const email = `keyboard-${randomUUID().slice(0, 8)}@example.org`;
  await page.keyboard.type(email);
  await page.keyboard.press("Enter");
  await expectToast(page, `An invitation is on its way to ${email}.`);
  await expect(dialog).toBeHidden();
  await expect(invite).toBeFocused();
  return email;
}

test("sign in with the keyboard: a wrong password focuses the error, the right one the new page's heading", async ({ page }) => {
  const user = await newIdentity({ verified: true });
  await page.goto("/login");
  await waitForPublicApp(page);
  const email = page.getByLabel("Email");
  const password = page.getByLabel("Password", { exact: true });
  await tabTo(page, email);
  await page.keyboard.type(user.email);
  await nextTab(page, password);
  await page.keyboard.type("not the password");
  await page.keyboard.press("Enter");
  const error = page.getByRole("alert").filter({ hasText: wrongCredentials });
  await expect(error).toBeFocused();

  await tabTo(page, password);
  await page.keyboard.type(user.password);
  await page.keyboard.press("Enter");
  // Signing in ends in the browser's own navigation to a new page: the focus starts at its top, and the first Tab
  // is the link that skips to the page's content.
  await expect(page.getByRole("heading", { level: 1, name: "Account Settings" })).toBeVisible();
  await waitForApp(page);
  await nextTab(page, page.getByRole("link", { name: "Skip to content" }));
});

test("register with the keyboard: each step's first field, then its heading", async ({ page }) => {
  await page.goto("/registration");
  await waitForPublicApp(page);
  await tabTo(page, page.getByLabel("Email"));
  await page.keyboard.type(`keyboard-${randomUUID().slice(0, 8)}@example.org`);
  await nextTab(page, page.getByLabel("First name"));
  await page.keyboard.type("Ada");
  await nextTab(page, page.getByLabel("Last name"));
  await page.keyboard.type("Lovelace");
  await page.keyboard.press("Enter");
  const password = page.getByLabel("Password", { exact: true });
  await expect(password).toBeVisible();
  await tabTo(page, password);
  await page.keyboard.type(`Pw-${randomUUID()}`);
  await page.keyboard.press("Enter");
  // A new page, loaded by the browser: the code's field is reached from its top.
  await expect(page.getByRole("heading", { level: 1, name: "Verify Account" })).toBeVisible();
  await tabTo(page, page.getByLabel("Verification code"), { most: 40 });
});

test("change the password with the keyboard: a short one focuses its error, a good one the card's answer", async ({ page }) => {
  const user = await newIdentity({ verified: true });
  await signInByApi(page, user);
  await page.goto("/changepwd");
  await waitForApp(page);
  const card = page.getByRole("region", { name: "Change password" });
  const password = card.getByLabel("Password");
  await tabTo(page, password);
  await page.keyboard.type("short");
  await page.keyboard.press("Enter");
  await expect(card.getByLabel("Password")).toBeFocused();
  await expect(card.getByLabel("Password")).toHaveAttribute("aria-invalid", "true");

  await page.keyboard.type(`Pw-${randomUUID()}`);
  await nextTab(page, card.getByRole("button", { name: "Save" }));
  await page.keyboard.press("Enter");
  // The form was drawn anew: the card's message has the focus and says the change once; no toast repeats it.
  await expect(card.getByRole("status").filter({ hasText: "Your password was changed." })).toBeFocused();
  expect(await toastTexts(page)).toEqual([]);
});

test("sign out from the dialog with the keyboard: it keeps the focus and gives it back", async ({ page }) => {
  const user = await newIdentity({ verified: true });
  await signInByApi(page, user);
  await page.goto("/settings");
  await waitForApp(page);
  const logout = page.getByRole("navigation", { name: "Main menu" }).getByRole("button", { name: "Logout" });
  await tabTo(page, logout, { most: 40 });
  await page.keyboard.press("Enter");
  const dialog = page.getByRole("dialog", { name: "Notification" });
  // The dialog itself has the focus as it opens: Shift+Tab goes to its last button, then Tab and Shift+Tab go
  // round its two buttons in order, across both ends, and never anywhere else for a moment.
  await expect(dialog).toBeFocused();
  await recordFocusMoves(page);
  const cancel = dialog.getByRole("button", { name: "Cancel" });
  const confirm = dialog.getByRole("button", { name: "Confirm" });
  await pressInDialog(page, "Shift+Tab", confirm);
  for (const target of [cancel, confirm, cancel, confirm, cancel]) await pressInDialog(page, "Tab", target);
  for (const target of [confirm, cancel, confirm, cancel]) await pressInDialog(page, "Shift+Tab", target);
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(logout).toBeFocused();

  await page.keyboard.press("Enter");
  await tabTo(page, dialog.getByRole("button", { name: "Confirm" }), { most: 4 });
  await page.keyboard.press("Enter");
  // Signing out ends on a page the browser loads: the sign-in form is reached from its top.
  await expect(page.getByRole("heading", { level: 1, name: "Sign in" })).toBeVisible();
  await waitForPublicApp(page);
  await tabTo(page, page.getByLabel("Email"), { most: 6 });
});

test("the invitation form keeps Tab and Shift+Tab among its controls, in order, and gives the focus back", async ({ page }) => {
  const { invite, dialog } = await openInviteDialogWithKeyboard(page);
  await recordFocusMoves(page);
  const controls = [
    dialog.getByRole("button", { name: "Close" }),
    dialog.getByLabel("Email address"),
    dialog.getByLabel("First name (optional)"),
    dialog.getByLabel("Last name (optional)"),
    dialog.getByLabel("Language"),
    dialog.getByRole("checkbox", { name: "Admin: manages clients and users" }),
    dialog.getByRole("checkbox", { name: "Tell me by mail when it is accepted" }),
    dialog.getByRole("button", { name: "Cancel" }),
    dialog.getByRole("button", { name: "Send invitation" }),
  ];
  const backwards = [...controls].reverse();
  // From the dialog, which has the focus as it opens, to its last control; twice round forwards, then back past the top.
  await pressInDialog(page, "Shift+Tab", backwards[0]);
  for (const control of [...controls, ...controls]) await pressInDialog(page, "Tab", control);
  for (const control of [...backwards.slice(1), ...backwards.slice(0, 2)]) await pressInDialog(page, "Shift+Tab", control);
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(invite).toBeFocused();
});

test("invite a person and create a client with the keyboard", async ({ page }) => {
  // Some hundred key presses, each a round trip to the browser.
  test.setTimeout(120_000);
  await inviteWithKeyboard(page);

  // Through the menu, as a keyboard reaches it: the new page's heading has the focus.
  await tabTo(page, page.getByRole("navigation", { name: "Main menu" }).getByRole("link", { name: "Manage Clients" }), {
    most: 60,
    backwards: true,
  });
  await page.keyboard.press("Enter");
  await expectHeadingFocused(page, "Manage Clients");
  const newClient = page.getByRole("button", { name: "New client" });
  await tabTo(page, newClient);
  await page.keyboard.press("Enter");
  const form = page.getByRole("dialog", { name: "New client" });
  await tabTo(page, form.getByLabel("Name"), { most: 4 });
  await page.keyboard.type(`Keyboard ${randomUUID().slice(0, 8)}`);
  const create = form.getByRole("button", { name: "Create client" });
  await tabTo(page, create, { most: 30 });
  // The authorization code grant needs a redirect address: the focus goes to the first field in error.
  await page.keyboard.press("Enter");
  await expect(form.locator(":focus")).toHaveAttribute("aria-invalid", "true");
  // A machine-to-machine client instead, its boxes ticked with the space bar.
  for (const grant of ["Authorization code", "Refresh token", "Client credentials"]) {
    await tabTo(page, form.getByRole("checkbox", { name: grant }), { most: 30 });
    await page.keyboard.press("Space");
  }
  await tabTo(page, create, { most: 30 });
  await page.keyboard.press("Enter");
  const created = page.getByRole("dialog", { name: "Client created" });
  await expect(created).toBeVisible();
  // The secret is read, and copied, while the form's dialog fades out and goes; then the dialog is closed.
  await expect(form).toBeHidden();
  await tabTo(page, created.getByRole("button", { name: "Close" }), { most: 6 });
  await page.keyboard.press("Enter");
  await expect(created).toBeHidden();
  // The form that led to the secret is gone: the focus goes back to "New client", and Tab goes on from there.
  await expect(newClient).toBeFocused();
  await expectFocusVisible(page);
  await nextTab(page, page.getByRole("search", { name: "Clients" }).getByLabel("Search by name"));
});

test("edit and delete clients with the keyboard: the focus goes back to the row, or to its neighbour", async ({ page }) => {
  test.setTimeout(120_000);
  const tag = `focus-${randomUUID().slice(0, 8)}`;
  const hydra = new OAuth2Api(new Configuration({ basePath: stack.hydraAdminUrl }));
  for (const letter of ["a", "b", "c"]) {
    await hydra.createOAuth2Client({ oAuth2Client: { client_name: `${tag} ${letter}`, grant_types: ["client_credentials"] } });
  }
  await signInWithSecondFactorByApi(page, await newIdentity({ roles: ["admin"] }));
  await page.goto("/manage-clients");
  await waitForApp(page);
  const search = page.getByRole("search", { name: "Clients" }).getByLabel("Search by name");
  await tabTo(page, search, { most: 60 });
  await page.keyboard.type(tag);
  await page.keyboard.press("Enter");
  const rows = page.getByRole("table", { name: "OAuth2 clients" }).locator("tbody tr");
  await expect(rows).toHaveCount(3);
  // Hydra lists them in an order of its own: the expectations follow the rows as shown.
  const names = (await rows.locator("td:first-child").allTextContents()).map((name) => name.trim());
  const button = (action: string, name: string) => page.getByRole("button", { name: `${action} ${name}`, exact: true });

  // Cancelled, then saved: "Edit" is disabled while the client loads, and gets the focus back when the form closes.
  const [first, second, third] = names as [string, string, string];
  await tabTo(page, button("Edit", second), { most: 20 });
  await page.keyboard.press("Enter");
  let form = page.getByRole("dialog", { name: `Edit ${second}` });
  await expect(form.getByLabel("Name")).toHaveValue(second);
  await page.keyboard.press("Escape");
  await expect(form).toBeHidden();
  await expect(button("Edit", second)).toBeFocused();
  await expectFocusVisible(page);
  await page.keyboard.press("Enter");
  form = page.getByRole("dialog", { name: `Edit ${second}` });
  await tabTo(page, form.getByLabel("Name"), { most: 4 });
  await page.keyboard.press("End");
  await page.keyboard.type(" renamed");
  await page.keyboard.press("Enter");
  await expectStatusToast(page, `Saved ${second} renamed.`);
  await expect(form).toBeHidden();
  const renamed = `${second} renamed`;
  await expect(button("Edit", renamed)).toBeFocused();

  // Deleted: the next row's first control, then (the last row gone) the previous row's, then (none left) "New client".
  const deleteWithKeyboard = async (name: string) => {
    await tabTo(page, button("Delete", name), { most: 4 });
    await page.keyboard.press("Enter");
    const dialog = page.getByRole("dialog", { name: "Delete client" });
    await tabTo(page, dialog.getByRole("button", { name: "Delete", exact: true }), { most: 4 });
    await page.keyboard.press("Enter");
    await expect(dialog).toBeHidden();
    await expect(button("Edit", name)).toHaveCount(0);
  };
  await deleteWithKeyboard(renamed);
  await expect(button("Edit", third)).toBeFocused();
  await expectFocusVisible(page);
  await deleteWithKeyboard(third);
  await expect(button("Edit", first)).toBeFocused();
  await deleteWithKeyboard(first);
  await expect(page.getByRole("button", { name: "New client" })).toBeFocused();
  await expectFocusVisible(page);
});

test("revoke an invitation with the keyboard: the focus goes to the next row's first control, or to Invite", async ({ page }) => {
  const email = await inviteWithKeyboard(page);

  // The newest invitation comes first: its "Revoke" is a few presses of Tab away.
  const invitations = page.getByRole("region", { name: "Invitations" });
  await tabTo(page, invitations.getByRole("row").filter({ hasText: email }).getByRole("button", { name: "Revoke" }), { most: 10 });
  await page.keyboard.press("Enter");
  const question = page.getByRole("dialog", { name: "Revoke invitation" });
  await tabTo(page, question.getByRole("button", { name: "Revoke" }), { most: 4 });
  await page.keyboard.press("Enter");
  await expect(question).toBeHidden();
  await expect(invitations.getByRole("row").filter({ hasText: email })).toHaveCount(0);
  // The other tests' invitations come and go: the next (or previous) row's "Resend", or "Invite" when none is left.
  await expect(invitations.locator(":focus")).toHaveAccessibleName(/^(Resend|Invite)$/);
  await expectFocusVisible(page);
});

test("delete a person from their page with the keyboard: Manage Users' heading has the focus", async ({ page }) => {
  const person = await newIdentity();
  await signInWithSecondFactorByApi(page, await newIdentity({ roles: ["admin"] }));
  await page.goto(`/manage-users/user?id=${person.id}`);
  await waitForApp(page);
  await tabTo(page, page.getByRole("button", { name: "Delete account" }), { most: 80 });
  await page.keyboard.press("Enter");
  const question = page.getByRole("dialog", { name: "Delete account" });
  await tabTo(page, question.getByRole("button", { name: "Delete account" }), { most: 4 });
  await page.keyboard.press("Enter");
  // The person's page is gone with them: the list is a new page, whose heading has the focus, and keeps it once
  // the question, which had nothing left to give the focus back to, has gone.
  await expectHeadingFocused(page, "Manage Users");
  await expect(question).toBeHidden();
  await expectHeadingFocused(page, "Manage Users");
});

test("set up an authenticator app with the keyboard: a wrong code focuses its error, the right one the card's answer", async ({ page }) => {
  const user = await newIdentity({ verified: true });
  await signInByApi(page, user);
  await page.goto("/settings/security");
  await waitForApp(page);
  const card = page.getByRole("region", { name: "Authenticator app" });
  const code = card.getByLabel("Verify code");
  await tabTo(page, code, { most: 40 });
  await page.keyboard.type(wrongCode(new TOTP({ secret: await totpSecretOn(page) }).generate()));
  await page.keyboard.press("Enter");
  await expect(code).toBeFocused();
  await expect(code).toHaveAttribute("aria-invalid", "true");
  await expect(code).toHaveAccessibleDescription(/This code from your authenticator app is not valid/);

  await page.keyboard.press("ControlOrMeta+A");
  await page.keyboard.type(new TOTP({ secret: await totpSecretOn(page) }).generate());
  await nextTab(page, card.getByRole("button", { name: "Save" }));
  await page.keyboard.press("Enter");
  const remove = card.getByRole("button", { name: "Remove authenticator app" });
  await expect(remove).toBeVisible();
  // The button that sent the form gave way to the card's new content: the focus goes to what the answer says, in
  // the card, once (no toast repeats it), and on to the card's new button.
  await expect(card.getByRole("status").filter({ hasText: "The authenticator app is set up." })).toBeFocused();
  expect(await toastTexts(page)).toEqual([]);
  await tabTo(page, remove, { most: 6 });
});

test("sign in with a second factor with the keyboard: a wrong code focuses its error, the right one signs in", async ({ page }) => {
  const user = await newIdentity({ verified: true });
  await signInByApi(page, user);
  const secret = await new RequestContextBrowser(page.request, stack.portalOrigin).enrolTotp();
  await page.context().clearCookies();

  await page.goto("/login");
  await waitForPublicApp(page);
  await tabTo(page, page.getByLabel("Email"));
  await page.keyboard.type(user.email);
  await nextTab(page, page.getByLabel("Password", { exact: true }));
  await page.keyboard.type(user.password);
  await page.keyboard.press("Enter");
  await expect(page.getByRole("heading", { level: 1, name: "Two-factor authentication" })).toBeVisible();
  await waitForPublicApp(page);
  const code = page.getByLabel("Code from your authenticator app");
  await tabTo(page, code, { most: 10 });
  await page.keyboard.type(wrongCode(new TOTP({ secret }).generate()));
  await page.keyboard.press("Enter");
  // Kratos says it of the form, not of the field: the form's alert has the focus, and the field is the next stop.
  await expect(page.getByRole("alert").filter({ hasText: "This code from your authenticator app is not valid. Try again." })).toBeFocused();
  await tabTo(page, code, { most: 4 });
  await page.keyboard.press("ControlOrMeta+A");
  await page.keyboard.type(new TOTP({ secret }).generate());
  await page.keyboard.press("Enter");
  await expect(page.getByRole("heading", { level: 1, name: "Account Settings" })).toBeVisible();
  await waitForApp(page);
  await nextTab(page, page.getByRole("link", { name: "Skip to content" }));
});

test("verify an address with the keyboard: the mailed code, a wrong one's error focused, then the card's answer", async ({ page }) => {
  const user = await newIdentity();
  await signInByApi(page, user);
  await page.goto("/verification");
  await waitForApp(page);
  const card = page.getByRole("region", { name: "Verify an address" });
  const email = card.getByLabel("Email");
  await tabTo(page, email, { most: 40 });
  await expect(email).toHaveValue(user.email);
  const since = Date.now();
  await page.keyboard.press("Enter");
  const code = card.getByLabel("Verification code");
  // The form's answer replaced the field that had the focus: the focus goes to what the answer says.
  await expect(card.getByRole("status").filter({ hasText: "We sent a verification code" })).toBeFocused();
  const mailed = codeIn(await waitForMail(user.email, /verify your email/i, since));
  await tabTo(page, code, { most: 4 });
  await page.keyboard.type(wrongCode(mailed));
  await page.keyboard.press("Enter");
  await expect(
    card.getByRole("alert").filter({ hasText: "This verification code is not valid or was already used. Try again." }),
  ).toBeFocused();

  await tabTo(page, code, { most: 4 });
  await page.keyboard.press("ControlOrMeta+A");
  await page.keyboard.type(mailed);
  await page.keyboard.press("Enter");
  // The answer replaced the form: its message has the focus, and says it once; no toast repeats it.
  await expect(card.getByRole("status").filter({ hasText: "Your email address is verified." })).toBeFocused();
  const addresses = page.getByRole("region", { name: "Email addresses" });
  await expect(addresses.getByRole("row").filter({ hasText: user.email })).toContainText(/Verified$/);
  expect(await toastTexts(page)).toEqual([]);
});
