// Kratos' code mails with the operator's brand (docs/branding.md#kratos-mails). The templates of
// config/kratos/courier-templates read the product's name and the support contact from a "brand" block, empty
// unless a file beside them defines it: the stack copies the templates into its data folder, which Kratos'
// courier.template_override_path names, and writes that file into each template's folder from the portal's own
// variables (OPERATOR_TEXTS_FILE's productName, BRAND_SUPPORT). The checkout's config/ is never written.
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { languages } from "#contract/languages.js";
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

/** The file that defines the templates' "brand" block; undefined when the operator gave neither a name nor a contact. */
export function brandTemplate(brand: MailBrand): string | undefined {
  const named = languages.flatMap((language) => {
    const name = brand.productNames[language];
    return name === undefined ? [] : [`${goString(language)} ${goString(name)}`];
  });
  if (named.length === 0 && !brand.support) return undefined;
  const sets = [
    ...(named.length > 0 ? [`$_ := set . "product" (dict ${named.join(" ")})`] : []),
    ...(brand.support
      ? [`$_ := set . "support" ${goString(brand.support.text)}`, `$_ := set . "supportLink" ${goString(brand.support.link)}`]
      : []),
  ];
  return [
    "{{- /* The operator's brand in Kratos' code mails, written at each start by the stack (stack/courier-templates.ts) from OPERATOR_TEXTS_FILE and BRAND_SUPPORT: docs/branding.md#kratos-mails. */ -}}",
    '{{- define "brand" -}}',
    ...sets.map((line) => `{{- ${line} -}}`),
    "{{- end -}}",
    "",
  ].join("\n");
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
