// Kratos' code mails with the operator's brand (docs/branding.md#kratos-mails). The templates of
// config/kratos/courier-templates read the product's name and the support contact from a "brand" block, empty
// unless a file beside them defines it: the stack copies the templates into its data folder, which Kratos'
// courier.template_override_path names, and writes that file into each template's folder from the portal's own
// variables (OPERATOR_TEXTS_FILE's productName, BRAND_SUPPORT). The checkout's config/ is never written.
// For compose and the Helm chart, the operator writes the same with the same variables
// (tools/courier-templates.ts):
//
//   npm run courier-templates -- <folder>          the templates with the brand file beside each
//   npm run courier-templates -- --helm <file>     values for deploy/helm/with-ory, the brand inside the templates
//                                                   (and the TOTP issuer and passkey name, kratos-brand.ts)
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { stringify } from "yaml";
import { languages } from "#contract/languages.js";
import { kratosFiles } from "./kratos-files.js";
import { kratosBrandConfig } from "./kratos-brand.js";
import { rootDir, type MailBrand } from "./settings.js";

export const templatesSource = join(rootDir, "config", "kratos", "courier-templates");

/**
 * Kratos parses every file of a folder that matches `email.body*` into the HTML body's templates and
 * `email.body.plaintext*` into the plain text's (its courier/template/load_template.go), in the order of their
 * names: this one matches both, and comes after both main files.
 */
export const brandFileName = "email.body.plaintext.zz-brand.gotmpl";

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

/** The actions that set the brand into the templates' $brand; undefined when the operator gave neither a name nor a contact. */
function brandActions(brand: MailBrand): string[] | undefined {
  const named = languages.flatMap((language) => {
    const name = brand.productNames[language];
    return name === undefined ? [] : [`${goString(language)} ${goString(name)}`];
  });
  if (named.length === 0 && !brand.support) return undefined;
  return [
    ...(named.length > 0 ? [`$_ := set . "product" (dict ${named.join(" ")})`] : []),
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

/** Where each template opens its brand block, empty. */
const emptyBrandBlock = '{{- block "brand" $brand }}{{ end -}}';

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
