// Kratos' code mails are written from the portal's mail catalogs and design (npm run courier-templates): the
// committed templates are what the generator writes, so that neither drifts from the other, and every language
// of each template says its code in both parts.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import t from "tap";
import { languages } from "#contract/languages.js";
import { templateFiles } from "../../../stack/kratos-files.js";
import { brandTemplate, generatedTemplates, templatesSource } from "../../../stack/courier-templates.js";
import { readMailBrand } from "../../../stack/settings.js";

const generated = generatedTemplates();

t.test("config/kratos/courier-templates is what npm run courier-templates writes", async (t) => {
  for (const [template, files] of Object.entries(generated)) {
    for (const [file, name] of Object.entries(templateFiles) as [keyof typeof templateFiles, string][]) {
      const path = join(templatesSource, template, "valid", name);
      t.equal(readFileSync(path, "utf8"), files[file], `${template}/valid/${name}: run npm run courier-templates`);
    }
  }
});

t.test("each language's HTML part has its lang and dir, and both parts give the code", async (t) => {
  const codes = {
    recovery_code: ".RecoveryCode",
    verification_code: ".VerificationCode",
    login_code: ".LoginCode",
    registration_code: ".RegistrationCode",
  };
  for (const [template, files] of Object.entries(generated)) {
    const parts = (text: string) => text.split(/\{\{- (?:else if eq \$lang "[^"]+"|if eq \$lang "[^"]+"|else) -\}\}\n/).slice(1);
    const html = parts(files.body);
    const plain = parts(files.plainBody);
    t.equal(html.length, languages.length, `${template}: every language`);
    for (const [index, part] of html.entries()) {
      t.match(part, /^<!doctype html>\n<html lang="[a-zA-Z-]+" dir="(ltr|rtl)">/, `${template}: lang and dir`);
      t.match(part, `{{ ${codes[template as keyof typeof codes]} }}`, `${template}: the code in HTML`);
      t.match(plain[index], `{{ ${codes[template as keyof typeof codes]} }}`, `${template}: the code in the plain text`);
      t.notMatch(part, /<script|<link|@import|src="(https?:)?\/\//i, `${template}: nothing fetched`);
    }
    t.match(files.body, '<html lang="ar" dir="rtl">', `${template}: Arabic right to left`);
  }
});

t.test("the brand block carries the operator's colour where it reads on the mail, else none", async (t) => {
  const purple = brandTemplate(readMailBrand({ BRAND_PRIMARY_COLOR: "#6f42c1" })) ?? "";
  t.match(purple, '{{- $_ := set . "color" "#6f42c1" -}}');
  t.match(purple, /\{\{- \$_ := set \. "colorDark" "#[0-9a-f]{6}" -\}\}/);
  t.notMatch(brandTemplate(readMailBrand({ BRAND_PRIMARY_COLOR: "#7fb2ff" })), '"#7fb2ff"', "too light for the white card");
  t.equal(brandTemplate(readMailBrand({})), undefined, "no brand, no file");
});
