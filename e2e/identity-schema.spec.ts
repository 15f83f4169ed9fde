// Issue 36: an operator's identity schema beyond the shipped one
// (testing/schemas/rich-identity.schema.json: a company, an optional
// department from a list, a phone, a number of seats, a newsletter and terms
// that must be accepted), on a Kratos of its own whose new accounts get it.
// People sign up with and without the optional traits, in English and German,
// with and without scripts, edit them on Account Settings, and an admin sees
// every trait on the person's page and the listed ones in the search results.
// The portal has terms of service: the sign-up's checkbox links them and the
// acceptance is kept on the account; the admin, whose account has none, is
// asked to accept them once, then goes on where they were going.
import { randomUUID } from "node:crypto";
import { fileURLToPath } from "node:url";
import type { Browser, Page } from "@playwright/test";
import { createIdentity, uniqueEmail } from "../testing/identities.js";
import type { TestStack } from "../stack/test-stack.js";
import { expectAccessible } from "./support/a11y.js";
import { menu, waitForApp } from "./support/flows.js";
import { signInWithSecondFactorByApi } from "./support/identities.js";
import { startPrivateStack } from "./support/private-stack.js";
import { saveScreenshot } from "./support/screenshots.js";
import { expect, test as base } from "./support/test.js";

const schemaUrl = (path: string) => new URL(path, import.meta.url).href;

/**
 * Two schemas, as an operator who moves to a richer one has: the shipped one (`default`, which the test's admin
 * is made with) and the richer one, which new accounts get.
 */
const kratosConfig = {
  identity: {
    default_schema_id: "workplace",
    schemas: [
      { id: "default", url: schemaUrl("../config/kratos/identity.schema.json") },
      { id: "workplace", url: schemaUrl("../testing/schemas/rich-identity.schema.json") },
    ],
  },
};

/** The portal's terms of service. */
const terms = { url: "https://workplace.example/terms", privacyUrl: "https://workplace.example/privacy", version: "2026-01" };

const test = base.extend<object, { workplace: TestStack }>({
  workplace: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from this pattern.
    async ({}, use) => {
      const stack = await startPrivateStack({
        kratosConfig,
        // The operator's product name, and German names of the traits and the department's options; English keeps the schema's titles.
        portalEnv: {
          OPERATOR_TEXTS_FILE: fileURLToPath(new URL("../testing/schemas/rich-identity.texts.json", import.meta.url)),
          TERMS_URL: terms.url,
          PRIVACY_URL: terms.privacyUrl,
          TERMS_VERSION: terms.version,
        },
      });
      await use(stack);
      await stack.stop();
    },
    { scope: "worker", timeout: 180_000 },
  ],
  baseURL: async ({ workplace }, use) => {
    await use(workplace.portalOrigin);
  },
});

// One worker runs this file's tests, on one stack of their own. A journey here is long (sign-up, two saves, an
// admin's sign-in with a second factor): on a machine busy with the rest of the suite it needs more than a minute.
test.describe.configure({ mode: "default", timeout: 120_000 });

interface Texts {
  heading: string;
  email: string;
  first: string;
  continue: string;
  password: string;
  signUp: string;
  notChosen: string;
  save: string;
  saved: string;
  /** The operator's name of the product (testing/schemas/rich-identity.texts.json). */
  productName: string;
  /** The traits' names: the schema's titles in English, the operator's texts in German. */
  company: string;
  department: string;
  departments: [string, string, string];
  phone: string;
  seats: string;
  newsletter: string;
  tos: string;
  /** The terms' links in the checkbox's label, and the page that asks for them. */
  termsLink: string;
  privacyLink: string;
  termsTitle: string;
  acceptTerms: string;
  /** The address: an object of the schema, its traits under its title. */
  address: string;
  street: string;
  city: string;
  /** Manage Users. */
  searchByEmail: string;
  search: string;
  users: string;
  open: string;
  profile: string;
  yes: string;
  no: string;
}

const english: Texts = {
  heading: "Create account",
  email: "Email",
  first: "First name",
  continue: "Continue",
  password: "Password",
  signUp: "Sign up with password",
  notChosen: "Not chosen",
  save: "Save",
  saved: "Your profile was saved.",
  productName: "Workplace Account",
  company: "Company",
  department: "Department",
  departments: ["engineering", "sales", "support"],
  phone: "Phone",
  seats: "Seats",
  newsletter: "Send me the newsletter",
  tos: "I accept the terms of service",
  termsLink: "Terms of service (opens in a new tab)",
  privacyLink: "Privacy notice (opens in a new tab)",
  termsTitle: "Updated terms of service",
  acceptTerms: "Accept and continue",
  address: "Address",
  street: "Street",
  city: "City",
  searchByEmail: "Email address",
  search: "Search",
  users: "Users",
  open: "Open",
  profile: "Profile",
  yes: "Yes",
  no: "No",
};

const german: Texts = {
  heading: "Konto erstellen",
  email: "E-Mail",
  first: "Vorname",
  continue: "Weiter",
  password: "Passwort",
  signUp: "Mit Passwort registrieren",
  notChosen: "Keine Auswahl",
  save: "Speichern",
  saved: "Ihr Profil wurde gespeichert.",
  productName: "Arbeitsplatz-Konto",
  company: "Firma",
  department: "Abteilung",
  departments: ["Entwicklung", "Vertrieb", "Kundendienst"],
  phone: "Telefon",
  seats: "Arbeitsplätze",
  newsletter: "Den Newsletter zusenden",
  tos: "Ich akzeptiere die Nutzungsbedingungen",
  termsLink: "Nutzungsbedingungen (öffnet sich in einem neuen Tab)",
  privacyLink: "Datenschutzhinweise (öffnet sich in einem neuen Tab)",
  termsTitle: "Geänderte Nutzungsbedingungen",
  acceptTerms: "Akzeptieren und fortfahren",
  address: "Anschrift",
  street: "Straße",
  city: "Ort",
  searchByEmail: "E-Mail-Adresse",
  search: "Suchen",
  users: "Benutzer",
  open: "Öffnen",
  profile: "Profil",
  yes: "Ja",
  no: "Nein",
};

/** Fills the first screen of sign-up: the traits the schema asks for, and the optional ones given. */
async function fillTraits(
  page: Page,
  texts: Texts,
  email: string,
  optional?: { company: string; department: string; phone: string; seats: string; street: string; city: string },
) {
  await expect(page.getByRole("heading", { name: texts.heading })).toBeVisible();
  const department = page.getByRole("combobox", { name: texts.department });
  await expect(department, "an enum of the schema is a list, starting with no choice").toHaveValue("");
  await expect(department.getByRole("option")).toHaveText([texts.notChosen, ...texts.departments]);
  await expect(page.getByLabel(texts.seats)).toHaveAttribute("type", "number");
  await expect(page.getByLabel(texts.company)).toHaveAttribute("maxlength", "80");
  await page.getByLabel(texts.email).fill(email);
  await page.getByLabel(texts.first).fill("Ada");
  // The terms checkbox's label links the terms and the privacy notice.
  const tos = page.getByRole("checkbox", { name: texts.tos });
  const label = page.locator("label", { has: page.getByRole("link", { name: texts.termsLink }) });
  await expect(label.getByRole("link", { name: texts.termsLink })).toHaveAttribute("href", terms.url);
  await expect(label.getByRole("link", { name: texts.privacyLink })).toHaveAttribute("href", terms.privacyUrl);
  await expect(label).toHaveAttribute("for", (await tos.getAttribute("id")) ?? "");
  await tos.check();
  // The address's traits under its title.
  const address = page.getByRole("group", { name: texts.address });
  await expect(address.getByRole("textbox")).toHaveCount(2);
  if (optional) {
    await address.getByLabel(texts.street).fill(optional.street);
    await address.getByLabel(texts.city).fill(optional.city);
    await page.getByLabel(texts.company).fill(optional.company);
    await department.selectOption(optional.department);
    await page.getByLabel(texts.phone).fill(optional.phone);
    await page.getByLabel(texts.seats).fill(optional.seats);
    await page.getByLabel(texts.newsletter).check();
  }
}

/** The second screen: a password, and the account is made. */
async function choosePassword(page: Page, texts: Texts) {
  const password = page.getByLabel(texts.password, { exact: true });
  await expect(password).toBeVisible();
  await password.fill(`Pw-${randomUUID()}`);
  await page.getByRole("button", { name: texts.signUp }).click();
  await expect(page).toHaveURL(/\/verification\?/);
}

/** The account as Kratos keeps it. */
async function identityOf(stack: TestStack, email: string) {
  const answer = await fetch(`${stack.adminUrl}/admin/identities?credentials_identifier=${encodeURIComponent(email)}`);
  const [identity] = (await answer.json()) as { schema_id: string; traits: Record<string, unknown>; metadata_public: unknown }[];
  expect(identity?.schema_id).toBe("workplace");
  return identity;
}

/** The account's traits, as Kratos keeps them. */
async function traitsOf(stack: TestStack, email: string): Promise<Record<string, unknown>> {
  return (await identityOf(stack, email))?.traits ?? {};
}

/** An admin (of the shipped schema) opens the person's page on Manage Users. */
async function openAsAdmin(
  browser: Browser,
  stack: TestStack,
  texts: Texts,
  email: string,
  listed: { company: string; department: string },
): Promise<Page> {
  const admin = await createIdentity(stack.adminUrl, { roles: ["admin"], name: { first: "Grace", last: "Admin" } });
  const page = await (await browser.newContext({ baseURL: stack.portalOrigin })).newPage();
  await signInWithSecondFactorByApi(page, admin, stack.portalOrigin);
  // The admin's account has accepted no terms yet: asked once, before anything else (here a page the server renders
  // for a person with nothing to accept), then back where they were going, and not asked again.
  await page.goto("/settings/devices");
  await expect(page.getByRole("heading", { name: texts.termsTitle })).toBeVisible();
  await expect(page).toHaveURL(/\/terms\?return_to=%2Fsettings%2Fdevices$/);
  await expect(page.getByRole("link", { name: texts.termsLink })).toHaveAttribute("href", terms.url);
  await expectAccessible(page);
  await page.getByRole("button", { name: texts.acceptTerms }).click();
  await expect(page).toHaveURL(/\/settings\/devices$/);
  await page.goto("/manage-users");
  await expect(page.getByLabel(texts.searchByEmail)).toBeVisible();
  await page.getByLabel(texts.searchByEmail).fill(email);
  await page.getByRole("button", { name: texts.search, exact: true }).click();
  const table = page.getByRole("table", { name: texts.users });
  // The traits the schema marks for the list, beside the email (after the selection's box, the name and the email).
  const header = table.getByRole("columnheader");
  await expect(header.nth(3)).toHaveText(texts.company);
  await expect(header.nth(4)).toHaveText(texts.department);
  const row = table.getByRole("row").filter({ hasText: email });
  await expect(row.getByRole("cell").nth(3)).toHaveText(listed.company);
  await expect(row.getByRole("cell").nth(4)).toHaveText(listed.department);
  await row.getByRole("link", { name: `${texts.open} ${email}` }).click();
  await expect(page.getByRole("region", { name: texts.profile })).toBeVisible();
  return page;
}

test("sign up without the optional traits, fill them in on Account Settings, and an admin sees every one", async ({
  page,
  browser,
  workplace,
}) => {
  const email = uniqueEmail("schema");
  await page.goto("/registration");
  await fillTraits(page, english, email);
  // The operator's product name, in the page's title and above its card.
  await expect(page).toHaveTitle(english.productName);
  await expect(page.getByRole("banner")).toContainText(english.productName);
  await expectAccessible(page);
  await saveScreenshot(page, "registration-richer-schema");
  await page.getByRole("button", { name: english.continue }).click();
  await choosePassword(page, english);
  // The terms ticked at sign-up are kept on the account: which version, and when.
  expect((await identityOf(workplace, email))?.metadata_public).toEqual({
    terms: { version: terms.version, accepted_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) as unknown },
  });
  // Kratos makes the object of the address, whose traits were left empty, but keeps none of them.
  expect(await traitsOf(workplace, email), "what was left empty is not sent").toEqual({
    email,
    name: { first: "Ada" },
    address: {},
    newsletter: false,
    tos: true,
  });

  // Accepted at sign-up: not asked again.
  await page.goto("/settings");
  await expect(page).toHaveURL(/\/settings(\?|$)/);
  await expect(menu(page)).toContainText(english.productName);
  const profile = page.getByRole("region", { name: "Profile" });
  await expect(profile.getByRole("combobox", { name: "Department" })).toHaveValue("");
  await expectAccessible(page);
  // The card's answer below is the app's: before it takes the page over, Save posts the form to Kratos.
  await waitForApp(page);
  await profile.getByLabel("Company").fill("Analytical Engines");
  await profile.getByRole("group", { name: english.address }).getByLabel(english.city).fill("London");
  await profile.getByRole("combobox", { name: "Department" }).selectOption("sales");
  await profile.getByRole("button", { name: english.save }).click();
  await expect(profile.getByRole("status").filter({ hasText: english.saved })).toBeFocused();
  await expect(profile.getByRole("combobox", { name: "Department" })).toHaveValue("sales");
  expect(await traitsOf(workplace, email)).toMatchObject({
    company: "Analytical Engines",
    department: "sales",
    address: { city: "London" },
  });

  // Emptied again, the department is taken off the account rather than refused.
  await profile.getByRole("combobox", { name: "Department" }).selectOption("");
  await profile.getByRole("button", { name: english.save }).click();
  await expect(profile.getByRole("status").filter({ hasText: english.saved })).toBeVisible();
  // The same message stays on screen: Kratos' account tells when the second save is done.
  await expect.poll(async () => traitsOf(workplace, email)).not.toHaveProperty("department");

  const admin = await openAsAdmin(browser, workplace, english, email, { company: "Analytical Engines", department: "—" });
  const traits = admin.getByRole("region", { name: "Profile" });
  await expect(traits.getByRole("term")).toHaveText([
    "Email",
    "Name",
    "First name",
    "Company",
    "Address",
    "City",
    "Send me the newsletter",
    "I accept the terms of service",
  ]);
  await expect(traits.getByRole("definition")).toHaveText([email, "Ada", "Analytical Engines", "London", "No", "Yes"]);
  await expectAccessible(admin);
  await saveScreenshot(admin, "users-page-richer-schema");
  await admin.context().close();
});

test.describe("in German", () => {
  test.use({ locale: "de-DE" });

  test("sign up with every optional trait, and an admin sees them", async ({ page, browser, workplace }) => {
    const email = uniqueEmail("schema-de");
    await page.goto("/registration");
    await expect(page).toHaveTitle(german.productName);
    await fillTraits(page, german, email, {
      company: "Rechenwerk GmbH",
      department: "Entwicklung",
      phone: "+49 30 1234567",
      seats: "12",
      street: "Hauptstraße 1",
      city: "Berlin",
    });
    await expectAccessible(page);
    await page.getByRole("button", { name: german.continue }).click();
    await choosePassword(page, german);
    expect(await traitsOf(workplace, email)).toEqual({
      email,
      name: { first: "Ada" },
      company: "Rechenwerk GmbH",
      department: "engineering",
      phone: "+49 30 1234567",
      address: { street: "Hauptstraße 1", city: "Berlin" },
      seats: 12,
      newsletter: true,
      tos: true,
    });

    const admin = await openAsAdmin(browser, workplace, german, email, { company: "Rechenwerk GmbH", department: "Entwicklung" });
    const traits = admin.getByRole("region", { name: german.profile });
    await expect(traits.getByRole("term")).toHaveText([
      "E-Mail",
      "Name",
      "Vorname",
      german.company,
      german.department,
      german.phone,
      german.address,
      german.street,
      german.city,
      german.seats,
      german.newsletter,
      german.tos,
    ]);
    await expect(traits.getByRole("definition")).toHaveText([
      email,
      "Ada",
      "Rechenwerk GmbH",
      "Entwicklung",
      "+49 30 1234567",
      "Hauptstraße 1",
      "Berlin",
      "12",
      "Ja",
      "Ja",
    ]);
    await expectAccessible(admin);
    await saveScreenshot(admin, "users-page-richer-schema-de");
    await admin.context().close();
  });
});

test.describe("with scripts off", () => {
  test.use({ javaScriptEnabled: false });

  test("the server's form signs up with the list left empty: the browser posts it to Kratos, which takes no value from it", async ({
    page,
    workplace,
  }) => {
    const email = uniqueEmail("schema-nojs");
    await page.goto("/registration");
    await fillTraits(page, english, email);
    await page.getByRole("button", { name: english.continue }).click();
    await expect(page).toHaveURL(/\/registration\?flow=/);
    await choosePassword(page, english);
    // The browser posts no unticked box, and Kratos takes no value from the empty list.
    expect(await traitsOf(workplace, email)).toEqual({ email, name: { first: "Ada" }, address: {}, tos: true });
  });
});
