// Kratos' code mails carry the operator's brand (docs/branding.md#kratos-mails): the real Kratos and its courier,
// started by the stack with the portal's own variables (OPERATOR_TEXTS_FILE, BRAND_SUPPORT, BRAND_PRIMARY_COLOR), send a recovery
// code to the real mail catcher. The name and the contact are escaped in the HTML part and as given in the plain
// text, in the language of the page that asked; without a brand, the mail is signed with the catalog's name.
import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Configuration, FrontendApi } from "@ory/client";
import t from "tap";
import { brandFileName, templatesSource } from "../../../stack/courier-templates.js";
import { createIdentity } from "../../../testing/identities.js";
import { startTestStack } from "../../../stack/test-stack.js";
import { useKratos } from "../helpers/kratos.js";
import { waitForMail } from "../helpers/mail.js";

const subjects = { en: /^Recover access to your account$/, de: /^Zugang zu Ihrem Konto wiederherstellen$/ };

/** A recovery code for the account's address, asked as the portal's page in that language asks (transient_payload). */
async function recoveryMail(kratos: { publicUrl: string; adminUrl: string; mailUrl: string }, language: "en" | "de") {
  const { email } = await createIdentity(kratos.adminUrl);
  const frontend = new FrontendApi(new Configuration({ basePath: kratos.publicUrl }));
  const { data: flow } = await frontend.createNativeRecoveryFlow();
  await frontend.updateRecoveryFlow({
    flow: flow.id,
    updateRecoveryFlowBody: { method: "code", email, transient_payload: { language } },
  });
  const mail = await waitForMail(kratos.mailUrl, email, subjects[language]);
  return { text: mail.text, html: mail.html ?? "" };
}

/** The plain text's signature, below the "-- " line. */
const signature = (text: string) => text.split("\n-- \n")[1];

t.test("the operator's product name and support address sign Kratos' code mails, escaped in HTML", async (t) => {
  const folder = mkdtempSync(join(tmpdir(), "courier-brand-"));
  t.teardown(() => {
    rmSync(folder, { recursive: true, force: true });
  });
  const textsFile = join(folder, "texts.json");
  writeFileSync(
    textsFile,
    JSON.stringify({ en: { productName: 'Rechen<b>werk</b> & "Co"' }, de: { productName: 'Rechenwerk <GmbH> \\ "}}{{ .To }}' } }),
  );
  const support = "hilfe+konto@example.org";
  const stack = await startTestStack({
    exampleSso: false,
    settingsEnv: { OPERATOR_TEXTS_FILE: textsFile, BRAND_SUPPORT: support, BRAND_PRIMARY_COLOR: "#6f42c1" },
  });
  t.teardown(() => stack.stop());
  const kratos = { publicUrl: stack.publicUrl, adminUrl: stack.adminUrl, mailUrl: stack.mailUrl };

  const english = await recoveryMail(kratos, "en");
  t.equal(signature(english.text), `Rechen<b>werk</b> & "Co"\nHelp: ${support}`, "plain text: as given");
  t.match(
    english.html,
    /Rechen&lt;b&gt;werk&lt;\/b&gt; &amp; &#34;Co&#34;<br>Help: <a href="mailto:hilfe&#43;konto@example.org"[^>]*>hilfe&#43;konto@example.org<\/a><\/td>/,
    "HTML: the name escaped, the address a link",
  );
  t.match(english.html, "color:#6f42c1;", "HTML: the operator's colour");
  t.notMatch(english.html, "<b>werk", "no markup of the operator's");

  const german = await recoveryMail(kratos, "de");
  // A quote, a backslash and braces end neither the text nor the action: the recipient's address stays out.
  t.equal(signature(german.text), `Rechenwerk <GmbH> \\ "}}{{ .To }}\nHilfe: ${support}`);
  t.match(german.html, '>Rechenwerk &lt;GmbH&gt; \\ &#34;}}{{ .To }}<br>Hilfe: <a href="mailto:hilfe&#43;konto@example.org"');

  for (const template of ["recovery_code", "verification_code", "login_code", "registration_code"]) {
    t.ok(existsSync(join(stack.settings.dataDir, "kratos", "courier-templates", template, "valid", brandFileName)), `${template} branded`);
    t.notOk(existsSync(join(templatesSource, template, "valid", brandFileName)), "in the data folder, not in config/");
  }
});

t.test("without a brand, Kratos' code mails are signed with the catalog's name and no contact", async (t) => {
  const kratos = await useKratos(t);
  const english = await recoveryMail(kratos, "en");
  t.equal(signature(english.text), "Account");
  t.match(english.html, />Account<\/td><\/tr>\n<\/table>/);
  t.match(english.html, "color:#0b5ed7;", "the portal's colour");
  t.notMatch(english.html, "Help:");

  const german = await recoveryMail(kratos, "de");
  t.equal(signature(german.text), "Konto");
  t.match(german.html, />Konto<\/td><\/tr>\n<\/table>/);
});
