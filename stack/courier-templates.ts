// Kratos' code mails with the operator's brand (docs/branding.md#kratos-mails). `npm run courier-templates`
// alone writes the templates of config/kratos/courier-templates from the portal's mail catalogs and its mail
// design (locales/<tag>/mail.ts, server/src/mail/design.ts): every language in each file, chosen as the mail is sent.
// The templates read the product's name, the support contact and the colour from a "brand" block, empty
// unless a file beside them defines it: the stack copies the templates into its data folder, which Kratos'
// courier.template_override_path names, and writes that file into each template's folder from the portal's own
// variables (OPERATOR_TEXTS_FILE's productName, BRAND_SUPPORT). The checkout's config/ is never written.
// For compose and the Helm chart, the operator writes the same with the same variables
// (tools/courier-templates.ts):
//
//   npm run courier-templates                      config/kratos/courier-templates, from the catalogs and the design
//   npm run courier-templates -- <folder>          the templates with the brand file beside each
//   npm run courier-templates -- --helm <file>     values for deploy/helm/with-ory, the brand inside the templates
//                                                   (and the TOTP issuer and passkey name, kratos-brand.ts)
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { stringify } from "yaml";
import { defaultLanguage, languages, type Language } from "#contract/languages.js";
import { mailCatalogs } from "#locales/mail.js";
import { code, escapeHtml, html, link, mailAccent, mailHtml, type Html } from "../server/src/mail/design.js";
import type { KratosMailId } from "../server/src/mail/types.js";
import { kratosFiles, templateFiles, type MailTemplate } from "./kratos-files.js";
import { kratosBrandConfig } from "./kratos-brand.js";
import { rootDir, type MailBrand } from "./settings.js";

export const templatesSource = join(rootDir, "config", "kratos", "courier-templates");

/**
 * Kratos parses every file of a folder that matches `email.body*` into the HTML body's templates and
 * `email.body.plaintext*` into the plain text's (its courier/template/load_template.go), in the order of their
 * names: this one matches both, and comes after both main files.
 */
export const brandFileName = "email.body.plaintext.zz-brand.gotmpl";

/** Where each template opens its brand block, empty. */
const emptyBrandBlock = '{{- block "brand" $brand }}{{ end -}}';

/**
 * A Go string literal (an interpreted one) of the text: Kratos' templates hold the operator's words only as
 * literals inside actions, so that html/template escapes them in the HTML body and none can add markup, and
 * none can end the action.
 */
export function goString(text: string): string {
  // A backslash, a quote, and the control characters below space and DEL (everything outside the class).
  const escaped = text.replace(/[\\"]|[^\x20-\x7e\x80-\uffff]/g, (character) =>
    character === "\\" || character === '"' ? `\\${character}` : `\\u${character.charCodeAt(0).toString(16).padStart(4, "0")}`,
  );
  return `"${escaped}"`;
}

/** Kratos' code mails: the value each template is given for the code, where it reads the account's traits. */
const codeMails: Record<KratosMailId, { code: string; traits: string }> = {
  recovery_code: { code: ".RecoveryCode", traits: '(dig "traits" "language" "" .Identity)' },
  verification_code: { code: ".VerificationCode", traits: '(dig "traits" "language" "" .Identity)' },
  login_code: { code: ".LoginCode", traits: '(dig "traits" "language" "" .Identity)' },
  registration_code: { code: ".RegistrationCode", traits: '(dig "language" "" .Traits)' },
};

const comment = (text: string) => `{{- /* ${text} */ -}}`;

/** A catalog's words become template text: none may open or close an action. */
function words(text: string): string {
  if (text.includes("{{") || text.includes("}}")) throw new Error(`a mail catalog's text holds a template action: ${text}`);
  return text;
}

/** Where a catalog's sentence gets a value of Kratos' (a template action): it is worded around this. */
const slot = "\u0000";

/** The sentence with a value of Kratos' where the catalog put it. */
const fill = (sentence: (value: string) => string, value: string): string => words(sentence(slot)).split(slot).join(value);

/** The sentence escaped for HTML, with the value's markup where the catalog put it. */
const around = (sentence: (value: string) => string, markup: Html): Html =>
  html(
    escapeHtml(words(sentence(slot)))
      .split(slot)
      .join(markup),
  );

/** Each language's part of one file, chosen by $lang; the default language last, as the fallback. */
function byLanguage(part: (language: Language) => string): string {
  const others = languages.filter((language) => language !== defaultLanguage);
  return [
    ...others.map((language, index) => `{{- ${index === 0 ? "if" : "else if"} eq $lang ${goString(language)} -}}\n${part(language)}`),
    `{{- else -}}\n${part(defaultLanguage)}`,
    "{{- end -}}\n",
  ].join("\n");
}

/** The accent's colours: the operator's from the brand block (checked by mailAccent when it was written), else the portal's. */
const portalAccent = mailAccent(undefined);
const accent = {
  light: `{{ dig "color" ${goString(portalAccent.light)} $brand }}`,
  dark: `{{ dig "colorDark" ${goString(portalAccent.dark)} $brand }}`,
};

const product = (language: Language) => `{{ dig "product" ${goString(language)} ${goString(mailCatalogs[language].productName)} $brand }}`;

function htmlPart(id: KratosMailId, language: Language): string {
  const catalog = mailCatalogs[language];
  const mail = catalog.kratos[id];
  const value = `{{ ${codeMails[id].code} }}`;
  const paragraphs = [around(mail.code, code(html(value))), escapeHtml(words(mail.text))];
  if ("link" in mail) {
    const url = html("{{ .VerificationURL }}");
    paragraphs.push(around(mail.link, link(url, url, accent.light)));
  }
  const contact = link(html("{{ $brand.supportLink }}"), html("{{ . }}"), accent.light);
  return mailHtml({
    language,
    title: escapeHtml(words(mail.subject)),
    product: html(product(language)),
    paragraphs,
    footer: html(`{{ with $brand.support }}<br>${around(catalog.footer.support, contact)}{{ end }}`),
    accent,
  }).trimEnd();
}

function plainPart(id: KratosMailId, language: Language): string {
  const catalog = mailCatalogs[language];
  const mail = catalog.kratos[id];
  const paragraphs = [fill(mail.code, `{{ ${codeMails[id].code} }}`), words(mail.text)];
  if ("link" in mail) paragraphs.push(fill(mail.link, "{{ .VerificationURL }}"));
  return [
    paragraphs.join("\n\n"),
    "",
    "-- ",
    product(language),
    "{{- with $brand.support }}",
    fill(catalog.footer.support, "{{ . }}"),
    "{{- end }}",
  ].join("\n");
}

/** Each template's three files, written from the mail catalogs and the design: config/kratos/courier-templates/<template>/valid/. */
export function generatedTemplates(): Record<KratosMailId, MailTemplate> {
  const header = (id: KratosMailId, withBrand: boolean) =>
    [
      comment(
        "Written by npm run courier-templates (stack/courier-templates.ts) from locales/<tag>/mail.ts and server/src/mail/design.ts: change those, then run it.",
      ),
      comment(
        "The mail in the language of the page that asked for it (the app sends it in the flow's transient_payload), else the account's (its language trait), else English.",
      ),
      `{{- $lang := or (dig "language" "" .TransientPayload) ${codeMails[id].traits} -}}`,
      ...(withBrand
        ? [
            comment(
              `The operator's brand (docs/branding.md#kratos-mails): ${brandFileName} beside this file, when there is one, defines "brand", which sets the product's name by language, the support contact and the colour into $brand.`,
            ),
            "{{- $brand := dict -}}",
            emptyBrandBlock,
          ]
        : []),
    ].join("\n");
  return Object.fromEntries(
    (Object.keys(codeMails) as KratosMailId[]).map((id) => [
      id,
      {
        subject: `${header(id, false)}\n${byLanguage((language) => words(mailCatalogs[language].kratos[id].subject))}`,
        body: `${header(id, true)}\n${byLanguage((language) => htmlPart(id, language))}`,
        plainBody: `${header(id, true)}\n${byLanguage((language) => plainPart(id, language))}`,
      },
    ]),
  ) as Record<KratosMailId, MailTemplate>;
}

/** config/kratos/courier-templates as the catalogs and the design say. */
export function writeTemplatesSource(): void {
  for (const [id, files] of Object.entries(generatedTemplates())) {
    const folder = join(templatesSource, id, "valid");
    mkdirSync(folder, { recursive: true });
    for (const file of Object.keys(templateFiles) as (keyof MailTemplate)[]) writeFileSync(join(folder, templateFiles[file]), files[file]);
  }
}

/** The actions that set the brand into the templates' $brand; undefined when the operator gave no name, contact or colour. */
function brandActions(brand: MailBrand): string[] | undefined {
  const named = languages.flatMap((language) => {
    const name = brand.productNames[language];
    return name === undefined ? [] : [`${goString(language)} ${goString(name)}`];
  });
  if (named.length === 0 && !brand.support && !brand.accent) return undefined;
  return [
    ...(named.length > 0 ? [`$_ := set . "product" (dict ${named.join(" ")})`] : []),
    ...(brand.accent
      ? [`$_ := set . "color" ${goString(brand.accent.light)}`, `$_ := set . "colorDark" ${goString(brand.accent.dark)}`]
      : []),
    ...(brand.support
      ? [`$_ := set . "support" ${goString(brand.support.text)}`, `$_ := set . "supportLink" ${goString(brand.support.link)}`]
      : []),
  ].map((action) => `{{- ${action} -}}`);
}

/** The file that defines the templates' "brand" block; undefined when there is no brand. */
export function brandTemplate(brand: MailBrand): string | undefined {
  const actions = brandActions(brand);
  if (!actions) return undefined;
  return [
    "{{- /* The operator's brand in Kratos' code mails, written from OPERATOR_TEXTS_FILE and BRAND_SUPPORT by stack/courier-templates.ts: docs/branding.md#kratos-mails. */ -}}",
    '{{- define "brand" -}}',
    ...actions,
    "{{- end -}}",
    "",
  ].join("\n");
}

/**
 * A template with the brand as its block's own content, for where a template's folder can hold no other file (Ory's
 * chart mounts three per folder): a block defined once, so no file has to replace it.
 */
export function withBrandInside(template: string, brand: MailBrand): string {
  const actions = brandActions(brand);
  if (!actions || !template.includes(emptyBrandBlock)) return template;
  return template.replace(emptyBrandBlock, () => ['{{- block "brand" $brand -}}', ...actions, "{{- end -}}"].join("\n"));
}

const folders = (dir: string) =>
  readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);

/** Replaces the file at once: a courier reading it meanwhile sees the old or the new, never half of one. */
function replaceFile(path: string, content: string): void {
  writeFileSync(`${path}.tmp`, content);
  renameSync(`${path}.tmp`, path);
}

/** The templates of config/kratos with the operator's brand, in `dir`: each start writes them again. */
export function writeCourierTemplates(dir: string, brand: MailBrand): void {
  const partial = brandTemplate(brand);
  for (const template of folders(templatesSource)) {
    for (const variant of folders(join(templatesSource, template))) {
      const source = join(templatesSource, template, variant);
      const target = join(dir, template, variant);
      mkdirSync(target, { recursive: true });
      const files = readdirSync(source);
      for (const name of files) replaceFile(join(target, name), readFileSync(join(source, name), "utf8"));
      // A brand file of config/kratos' own (compose's way, docs/branding.md) stays unless the variables give one.
      if (partial) replaceFile(join(target, brandFileName), partial);
      else if (!files.includes(brandFileName)) rmSync(join(target, brandFileName), { force: true });
    }
  }
}

/**
 * Values for deploy/helm/with-ory: the body of each template of config/kratos with the brand inside (withBrandInside),
 * and the product's name as Kratos' TOTP issuer and passkey name (kratos-brand.ts).
 */
export function helmValues(brand: MailBrand): string {
  const emailTemplates = Object.fromEntries(
    Object.entries(kratosFiles().emailTemplates).map(([template, variants]) => [
      template,
      Object.fromEntries(
        Object.entries(variants).map(([variant, files]) => [
          variant,
          { body: withBrandInside(files.body, brand), plainBody: withBrandInside(files.plainBody, brand) },
        ]),
      ),
    ]),
  );
  const config = kratosBrandConfig(brand);
  return stringify(
    { kratos: { kratos: { ...(Object.keys(config).length > 0 ? { config } : {}), emailTemplates } } },
    { lineWidth: 0, blockQuote: "literal" },
  );
}
