// Issue 20: every user in their own language. A German browser gets the
// portal in German from the first HTML on, signs up, gets German mail and
// keeps German on a new device through the account's language; Arabic lays
// the portal out right to left, sidebar and dialogs included. axe and the CSP
// recorder run on every page, as everywhere. The sign-in page in each
// language is saved to e2e/screenshots/login-<tag>.png.
import { randomUUID } from "node:crypto";
import type { Page } from "@playwright/test";
import { directionOf, languageCookie, languages } from "#contract/languages.js";
import { uniqueEmail } from "../testing/identities.js";
import { expectAccessible } from "./support/a11y.js";
import { recordCspViolations } from "./support/csp.js";
import { codeIn, waitForMail } from "./support/mail.js";
import { saveScreenshot } from "./support/screenshots.js";
import { expect, test } from "./support/test.js";
import { recordToasts, toastTexts } from "./support/toasts.js";

const mainMenu = (page: Page, name: string | RegExp) => page.getByRole("navigation", { name });

async function htmlOf(page: Page): Promise<{ lang: string; dir: string }> {
  return page.evaluate(() => ({ lang: document.documentElement.lang, dir: document.documentElement.dir }));
}

test.describe("German, from the browser's Accept-Language", () => {
  test.use({ locale: "de-AT" });

  test("the first HTML is German: sign up, German mail, sign in again on a new device", async ({ page, browser }) => {
    const first = await page.request.get("/login", { headers: { "accept-language": "de-AT,de;q=0.9,en;q=0.5" } });
    const html = await first.text();
    expect(html).toContain('<html lang="de" dir="ltr">');
    expect(html).toContain(">Anmelden<");
    expect(first.headers()["content-language"]).toBe("de");

    const email = uniqueEmail("deutsch");
    const password = `Pw-${randomUUID()}`;
    await page.goto("/registration");
    await expect(page.getByRole("heading", { name: "Konto erstellen" })).toBeVisible();
    expect(await htmlOf(page)).toEqual({ lang: "de", dir: "ltr" });
    await expectAccessible(page);
    await page.getByLabel("E-Mail").fill(email);
    await page.getByLabel("Vorname").fill("Grete");
    await page.getByLabel("Nachname").fill("Weiß");
    // A new account starts with the page's language.
    await expect(page.getByRole("form", { name: "Konto erstellen" }).getByLabel("Sprache")).toHaveValue("de");
    await page.getByRole("button", { name: "Weiter" }).click();
    await page.getByLabel("Passwort", { exact: true }).fill(password);
    const signedUp = Date.now();
    await page.getByRole("button", { name: "Mit Passwort registrieren" }).click();

    await expect(mainMenu(page, "Hauptmenü")).toBeVisible();
    await expect(page.getByRole("heading", { name: "Konto verifizieren" })).toBeVisible();
    await expectAccessible(page);
    // Kratos' own mail, from the portal's courier templates, in the language the sign-up was in.
    const verification = await waitForMail(email, /^Bestätigen Sie Ihre E-Mail-Adresse$/, signedUp);
    expect(verification.text).toMatch(/Ihr Code zur Bestätigung dieser E-Mail-Adresse: \d{6}/);
    // Verified, in German: only a verified address gets the portal's security mail below.
    const verify = page.getByRole("region", { name: "Adresse verifizieren" });
    await verify.getByLabel("Verifizierungscode").fill(codeIn(verification));
    await verify.getByRole("button", { name: "Weiter" }).click();
    // The card says it, where the focus goes; no toast repeats it (docs/accessibility.md, 4.1.3).
    await expect(verify.getByRole("status").filter({ hasText: "Ihre E-Mail-Adresse ist verifiziert." })).toBeVisible();

    // Account Settings, in German, with the account's language.
    await mainMenu(page, "Hauptmenü").getByRole("link", { name: "Kontoeinstellungen" }).click();
    await expect(page.getByRole("heading", { name: "Kontoeinstellungen", level: 1 })).toBeVisible();
    await expect(page.getByRole("region", { name: "Profil" }).getByLabel("Sprache", { exact: true })).toHaveValue("de");
    await expectAccessible(page);

    // Another device, whose browser asks for English: once signed in, the account's language wins.
    const device = await browser.newContext({ locale: "en-US" });
    await recordToasts(device);
    const csp = await recordCspViolations(device, { javaScriptEnabled: true });
    const other = await device.newPage();
    await other.goto("/login");
    await expect(other.getByRole("heading", { name: "Sign in" })).toBeVisible();
    await other.getByLabel("Email").fill(email);
    await other.getByLabel("Password", { exact: true }).fill(password);
    await other.getByRole("button", { name: "Sign in with password" }).click();
    await expect(mainMenu(other, /^(Main menu|Hauptmenü)$/)).toBeVisible();
    await other.goto("/changepwd");
    expect(await htmlOf(other)).toEqual({ lang: "de", dir: "ltr" });

    // A changed password is told by the portal's mail, in the account's language.
    const card = other.getByRole("region", { name: "Passwort ändern" });
    const since = Date.now();
    await card.getByLabel("Passwort").fill(`Pw-${randomUUID()}`);
    await card.getByRole("button", { name: "Speichern" }).click();
    // The card says it once, where the focus goes; no toast repeats it (docs/accessibility.md, 4.1.3).
    await expect(card.getByRole("status").filter({ hasText: "Ihr Passwort wurde geändert." })).toBeFocused();
    expect(await toastTexts(other)).toEqual([]);
    const mail = await waitForMail(email, /^Ihr Passwort wurde geändert$/, since);
    expect(mail.text).toContain("Das Passwort Ihres Kontos wurde am");
    await csp.settle();
    expect(csp.violations, "Content-Security-Policy violations").toEqual([]);
    await device.close();
  });
});

test("Arabic from the language menu: the portal right to left, sidebar and dialog included", async ({ page }) => {
  await page.goto("/login");
  await expect(page.getByRole("heading", { name: "Sign in" })).toBeVisible();
  await page.getByLabel("Language").selectOption("ar");
  await expect(page.getByRole("heading", { name: "تسجيل الدخول" })).toBeVisible();
  expect(await htmlOf(page)).toEqual({ lang: "ar", dir: "rtl" });

  // The choice is a cookie: the next page comes from the server in Arabic, right to left.
  await page.goto("/registration");
  await expect(page.getByRole("heading", { name: "إنشاء حساب" })).toBeVisible();
  expect(await htmlOf(page)).toEqual({ lang: "ar", dir: "rtl" });
  // Right to left: a field's label starts at the form's right edge.
  const label = await page.getByText("البريد الإلكتروني", { exact: true }).boundingBox();
  const field = await page.getByLabel("البريد الإلكتروني").boundingBox();
  expect(label && field && Math.abs(label.x + label.width - (field.x + field.width))).toBeLessThan(16);
  await expectAccessible(page);

  await page.getByLabel("البريد الإلكتروني").fill(uniqueEmail("arabic"));
  await page.getByLabel("الاسم الأول").fill("ليلى");
  await expect(page.getByRole("form", { name: "إنشاء حساب" }).getByLabel("اللغة")).toHaveValue("ar");
  await page.getByRole("button", { name: "متابعة" }).click();
  await page.getByLabel("كلمة المرور", { exact: true }).fill(`Pw-${randomUUID()}`);
  await page.getByRole("button", { name: "إنشاء حساب بكلمة مرور" }).click();

  const menu = mainMenu(page, "القائمة الرئيسية");
  await expect(menu).toBeVisible();
  await page.goto("/settings");
  await expect(page.getByRole("heading", { name: "إعدادات الحساب", level: 1 })).toBeVisible();
  expect(await htmlOf(page)).toEqual({ lang: "ar", dir: "rtl" });
  // The sidebar is on the right, the content on its left.
  const viewport = page.viewportSize();
  const sidebar = await menu.boundingBox();
  expect(viewport && sidebar && sidebar.x + sidebar.width / 2).toBeGreaterThan((viewport?.width ?? 0) / 2);
  await expectAccessible(page);

  // The logout dialog, right to left: its confirming button is on the left, as Arabic readers expect the last step.
  await menu.getByRole("button", { name: "تسجيل الخروج" }).click();
  const dialog = page.getByRole("dialog", { name: "إشعار" });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText("هل أنت متأكد من أنك تريد الخروج من النظام؟");
  const cancel = await dialog.getByRole("button", { name: "إلغاء" }).boundingBox();
  const confirm = await dialog.getByRole("button", { name: "تأكيد" }).boundingBox();
  expect(cancel && confirm && confirm.x).toBeLessThan(cancel?.x ?? 0);
  await expectAccessible(page);
  await saveScreenshot(page, "logout-confirm-ar");
  await dialog.getByRole("button", { name: "تأكيد" }).click();
  await expect(page.getByRole("heading", { name: "تسجيل الدخول" })).toBeVisible();
});

test("the sign-in page in every language, saved as a screenshot", async ({ page }) => {
  await page.goto("/login");
  for (const language of languages) {
    await page.evaluate(([name, tag]) => (document.cookie = `${name}=${tag}; Path=/`), [languageCookie, language]);
    await page.goto("/login");
    expect(await htmlOf(page)).toEqual({ lang: language, dir: directionOf(language) });
    await expect(page.getByRole("button").first()).toBeVisible();
    // The app took the page over (the flow's id is in the address): the next page is asked for only then, since
    // in a whole-suite run an app starting late once kept its page while the next one loaded (CI, 29 November).
    await expect(page).toHaveURL(/[?&]flow=/);
    await expectAccessible(page);
    await saveScreenshot(page, `login-${language}`);
  }
});
