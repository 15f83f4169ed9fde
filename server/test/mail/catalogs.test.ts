// The security mails in every language of contract/languages.ts: each
// language has a catalog (locales/<tag>/mail.ts) with every mail,
// and every mail says each value it is given (the time, the device, the
// addresses, the link to Account Settings) in every language.
import t from "tap";
import { languages } from "#contract/languages.js";
import { mailBrand, mailCatalogs, mailTime, renderMail } from "../../src/mail/messages.js";
import type { MailId, MailParams } from "../../src/mail/types.js";
import { mailSamples } from "../../../testing/mail-samples.js";

const at = "AT-MARKER";
const settingsUrl = "https://account.example/settings";
const samples: { [Id in MailId]: MailParams[Id] } = mailSamples({ at, until: "UNTIL-MARKER", code: "CODE-MARKER", provider: "ProviderZ" });

for (const language of languages) {
  t.test(`${language}: every mail, with every value it is given`, async (t) => {
    t.ok(mailCatalogs[language], `locales/${language}/mail.ts is in mailCatalogs`);
    for (const id of Object.keys(samples) as MailId[]) {
      const params = samples[id];
      const mail = renderMail(id, "reader@example.com", params as never, language);
      t.not(mail.subject.trim(), "", `${id}: a subject`);
      // The method is said in words ("an authenticator app"), not by its code.
      for (const [name, value] of Object.entries(params)) if (name !== "method") t.match(mail.text, value, `${id}: says ${value}`);
    }
  });
}

t.test("an unknown browser, system and address are worded in every language", async (t) => {
  for (const language of languages) {
    const params = { browser: "", version: "", os: "", ip: "", at, settingsUrl } as const;
    const unknown = renderMail("sign_in_new_device", "reader@example.com", params, language).text;
    const words = mailCatalogs[language].sign_in_new_device.text({ ...samples.sign_in_new_device, browser: "", version: "133" });
    t.notMatch(words, "133", `${language}: no version without a known browser`);
    t.notMatch(unknown, /undefined|null|: \n| on \n/, `${language}: no gap`);
  }
});

t.test("a German account gets German mail, with the time as German writes it", async (t) => {
  const mail = renderMail(
    "password_changed",
    "reader@example.com",
    { at: mailTime(new Date("2026-03-04T05:06:00Z"), "de"), settingsUrl },
    "de",
  );
  t.equal(mail.subject, "Ihr Passwort wurde geändert");
  t.match(mail.text, "4. März 2026");
  t.match(mail.text, "05:06");
});

t.test("the operator's product name and support contact sign every mail, in every language; nothing without them", async (t) => {
  const brand = mailBrand({ en: { productName: "Rechenwerk" }, de: { productName: "Rechenwerk-Konto" } }, "help@rechenwerk.example");
  for (const language of languages) {
    const mail = renderMail("password_changed", "reader@example.com", { at, settingsUrl }, language, brand);
    const name = language === "de" ? "Rechenwerk-Konto" : "Rechenwerk";
    t.match(mail.text, new RegExp(`\\n\\n-- \\n${name}\\n.*help@rechenwerk\\.example$`), `${language}: signed`);
  }
  const plain = renderMail("password_changed", "reader@example.com", { at, settingsUrl }, "en");
  t.notMatch(plain.text, "-- ", "the portal's own mail has no signature");
  t.notMatch(renderMail("password_changed", "r@example.com", { at, settingsUrl }, "en", mailBrand({}, undefined)).text, "-- ");
});
