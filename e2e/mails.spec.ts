// Every kind of mail, in the one design of server/src/mail/design.ts, on a portal and a Kratos branded as an
// operator would (testing/branding/): a screenshot of each in Chromium, light, dark and in Arabic, into
// e2e/screenshots/mail-<kind>[-dark|-ar].png, and its HTML checked (nothing fetched, lang and dir, alt text).
// Kratos' four code mails are the real ones, sent by its courier to the mail catcher. Of the portal's, a
// password change is sent for real; the others are rendered by renderMail with the portal's brand, as the
// portal renders them before its outbox sends them. A real mail of each is multipart/alternative, its text
// and its HTML giving the same code or link.
import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import type { Page } from "@playwright/test";
import type { Language } from "#contract/languages.js";
import { readOperatorTexts } from "#contract/operator-texts.js";
import { mailBrand, renderMail } from "../server/src/mail/messages.js";
import type { KratosMailId, MailId, MailImage, MailParams } from "../server/src/mail/types.js";
import { createIdentity, uniqueEmail } from "../testing/identities.js";
import { mailSamples } from "../testing/mail-samples.js";
import type { TestStack } from "../stack/test-stack.js";
import { menu, signInWithPassword } from "./support/flows.js";
import { codeIn, waitForMail, type Mail } from "./support/mail.js";
import { startPrivateStack } from "./support/private-stack.js";
import { saveScreenshot } from "./support/screenshots.js";
import { expect, test as base } from "./support/test.js";

const file = (name: string) => fileURLToPath(new URL(`../testing/branding/${name}`, import.meta.url));

const brandEnv = {
  OPERATOR_TEXTS_FILE: file("texts.json"),
  BRAND_MARK: file("mark.svg"),
  BRAND_MARK_DARK: file("mark-dark.svg"),
  BRAND_PRIMARY_COLOR: "#7a1f5c",
  BRAND_SUPPORT: "help@rechenwerk.example",
};

const test = base.extend<object, { branded: TestStack }>({
  branded: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from this pattern.
    async ({}, use) => {
      const stack = await startPrivateStack({ portalEnv: brandEnv, settingsEnv: brandEnv });
      await use(stack);
      await stack.stop();
    },
    { scope: "worker", timeout: 180_000 },
  ],
  baseURL: async ({ branded }, use) => {
    await use(branded.portalOrigin);
  },
});

test.describe.configure({ timeout: 180_000 });

const image = (cid: string, name: string): MailImage => ({
  cid,
  filename: name,
  contentType: "image/svg+xml",
  content: readFileSync(file(name)),
});
const mark = { light: image("mark-light@portal", "mark.svg"), dark: image("mark-dark@portal", "mark-dark.svg") };
const brand = mailBrand(
  readOperatorTexts(brandEnv, "OPERATOR_TEXTS_FILE", (path) => readFileSync(path, "utf8")),
  brandEnv.BRAND_SUPPORT,
  brandEnv.BRAND_PRIMARY_COLOR,
  mark,
);

/** What the HTML part may hold: nothing fetched, its language and direction, alt text on every image. */
function checkHtml(html: string, language: Language): void {
  expect(html, "no script").not.toMatch(/<script/i);
  expect(html, "no stylesheet").not.toMatch(/<link[^>]*stylesheet/i);
  expect(html, "no @import").not.toMatch(/@import/i);
  expect(html, "no remote image").not.toMatch(/\ssrc\s*=\s*["']?(https?:)?\/\//i);
  expect(html).toMatch(new RegExp(`<html lang="${language}" dir="${language === "ar" ? "rtl" : "ltr"}">`));
  for (const img of html.match(/<img\b[^>]*>/gi) ?? []) expect(img, "alt text").toMatch(/\salt="[^"]+"/);
}

/** The page Chromium shows the mail as: the inline images drawn from the files the mail carries. */
const withImages = (html: string) =>
  Object.values(mark).reduce(
    (markup, { cid, contentType, content }) =>
      markup.replaceAll(`cid:${cid}`, `data:${contentType};base64,${Buffer.from(content).toString("base64")}`),
    html,
  );

/** Each scheme's screenshot, on a page of its own: not the portal's, whose Content-Security-Policy a mail is not under. */
async function screenshots(page: Page, name: string, html: string, schemes: ("light" | "dark")[]): Promise<Page> {
  const view = await page.context().newPage();
  for (const colorScheme of schemes) {
    await view.emulateMedia({ colorScheme });
    await view.setContent(withImages(html));
    // The card the words stand on: white, or the dark theme's where the reader's client is dark.
    await expect(view.locator("table.card")).toHaveCSS(
      "background-color",
      colorScheme === "dark" ? "rgb(22, 27, 34)" : "rgb(255, 255, 255)",
    );
    await saveScreenshot(view, `mail-${name}${colorScheme === "dark" ? "-dark" : ""}`);
  }
  return view;
}

/** The mail as the mail catcher received it, whole: its MIME parts. */
const source = async (stack: TestStack, mail: Mail) => (await fetch(`${stack.mailUrl}/email/${mail.id}/source`)).text();

const at = "4 March 2026, 09:30 UTC";
const samples: { [Id in MailId]: MailParams[Id] } = mailSamples({
  at,
  until: "4 March 2026, 10:30 UTC",
  code: "482913",
  provider: "Google",
});

test("every kind of the portal's mail, light, dark and in Arabic", async ({ page }) => {
  for (const id of Object.keys(samples) as MailId[]) {
    for (const language of ["en", "ar"] as const) {
      const { html = "" } = renderMail(id, "reader@example.com", samples[id] as never, language, brand);
      checkHtml(html, language);
      const view = await screenshots(page, language === "en" ? id : `${id}-ar`, html, language === "en" ? ["light", "dark"] : ["light"]);
      await expect(view.getByRole("img", { name: "Rechenwerk" }).first()).toBeVisible();
      await view.close();
    }
  }
});

test("a real portal mail is multipart/alternative, its text and HTML with the same link, and the mark inline", async ({
  page,
  branded,
}) => {
  const user = await createIdentity(branded.adminUrl, { verified: true });
  await signInWithPassword(page, user.email, user.password);
  // Signed in once the shell's menu shows: a navigation before that races the sign-in's own and is aborted.
  await expect(menu(page)).toBeVisible();
  await page.goto("/changepwd");
  const card = page.getByRole("region", { name: "Change password" });
  const since = Date.now();
  await card.getByLabel("Password").fill(`Pw-${randomUUID()}`);
  await card.getByRole("button", { name: "Save" }).click();
  // The card says it, where the focus goes; no toast repeats it (docs/accessibility.md, 4.1.3).
  await expect(card.getByRole("status").filter({ hasText: "Your password was changed." })).toBeFocused();
  const mail = await waitForMail(user.email, /^Your password was changed$/, since, branded.mailUrl);

  const raw = await source(branded, mail);
  expect(raw).toMatch(/^Content-Type: multipart\/alternative/im);
  expect(raw).toMatch(/^Content-Type: text\/plain/im);
  expect(raw).toMatch(/^Content-Type: text\/html/im);
  expect(raw, "the mark, inline").toMatch(/^Content-ID: <mark-light@portal>/im);
  const link = `${branded.portalOrigin}/settings`;
  expect(mail.text).toContain(link);
  expect(mail.html).toContain(`href="${link}"`);
  checkHtml(mail.html ?? "", "en");
  const view = await screenshots(page, "password_changed-sent", mail.html ?? "", ["light", "dark"]);
  await expect(view.getByRole("img", { name: "Rechenwerk" }).first()).toBeVisible();
});

/** Asks Kratos' public API for one of its code mails to `email`, in `language` (as the portal's pages ask). */
async function askKratos(stack: TestStack, kind: KratosMailId, email: string, language: Language): Promise<void> {
  const flow = { recovery_code: "recovery", verification_code: "verification", login_code: "login", registration_code: "registration" }[
    kind
  ];
  const body = {
    recovery_code: { method: "code", email },
    verification_code: { method: "code", email },
    login_code: { method: "code", identifier: email },
    registration_code: { method: "code", traits: { email } },
  }[kind];
  const { id } = (await (await fetch(`${stack.publicUrl}/self-service/${flow}/api`)).json()) as { id: string };
  const answer = await fetch(`${stack.publicUrl}/self-service/${flow}?flow=${id}`, {
    method: "POST",
    headers: { "content-type": "application/json", accept: "application/json" },
    body: JSON.stringify({ ...body, transient_payload: { language } }),
  });
  expect([200, 400], `${kind}: Kratos took the request`).toContain(answer.status);
}

test("Kratos' four code mails: real, multipart, the same code in both parts, light, dark and in Arabic", async ({ page, branded }) => {
  for (const kind of ["recovery_code", "verification_code", "login_code", "registration_code"] as const) {
    for (const language of ["en", "ar"] as const) {
      const email = kind === "registration_code" ? uniqueEmail() : (await createIdentity(branded.adminUrl, { verified: true })).email;
      const since = Date.now();
      await askKratos(branded, kind, email, language);
      const mail = await waitForMail(email, /./, since, branded.mailUrl);
      const raw = await source(branded, mail);
      expect(raw, `${kind}: multipart/alternative`).toMatch(/^Content-Type: multipart\/alternative/im);
      const code = codeIn(mail);
      expect(mail.html, `${kind}: the same code in the HTML`).toContain(`>${code}</strong>`);
      checkHtml(mail.html ?? "", language);
      expect(mail.html, `${kind}: the operator's colour`).toContain("#7a1f5c");
      const view = await screenshots(
        page,
        language === "en" ? kind : `${kind}-ar`,
        mail.html ?? "",
        language === "en" ? ["light", "dark"] : ["light"],
      );
      await expect(view.getByText("Rechenwerk").first()).toBeVisible();
      await view.close();
    }
  }
});
