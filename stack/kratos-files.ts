// The files of config/kratos that Kratos reads besides its configuration, as the with-ory umbrella hands them to
// Ory's kratos chart: the identity schema, the web hooks' body and the sign-in providers' mapper as files of
// Kratos' config folder (`kratos.identitySchemas`: Ory's chart writes each entry into the ConfigMap it mounts at
// /etc/config; a ConfigMap's keys have no folders, hence the mapper's name), and the
// courier's templates, which its `kratos.emailTemplates` mounts at /conf/courier-templates/<template>/<variant>.
// npm start and compose read the same files from config/kratos.
//
//   npm run chart-files   # rewrites that part of deploy/helm/with-ory/values.yaml (tools/chart-files.ts)
//
// The chart suite (deploy/helm/test/chart.test.ts) fails when values.yaml holds anything else, and checks that
// the rendered ConfigMaps carry these texts to Kratos.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { stringify } from "yaml";
import { rootDir } from "./settings.js";

const kratosDir = join(rootDir, "config", "kratos");
export const umbrellaValues = join(rootDir, "deploy", "helm", "with-ory", "values.yaml");

/** config/kratos/oidc/standard.jsonnet in Kratos' config folder: the providers' mapper_url on Kubernetes. */
export const oidcMapperFile = "oidc-standard.jsonnet";

/** The texts of one mail, under the names Ory's chart gives its files (email.subject.gotmpl, …). */
export interface MailTemplate {
  subject: string;
  body: string;
  plainBody: string;
}

export interface KratosFiles {
  identitySchemas: Record<string, string>;
  emailTemplates: Record<string, Record<string, MailTemplate>>;
}

/** Ory's value of each file of a template's folder (its configmap-templates.yaml). */
export const templateFiles: Record<keyof MailTemplate, string> = {
  subject: "email.subject.gotmpl",
  body: "email.body.gotmpl",
  plainBody: "email.body.plaintext.gotmpl",
};

const read = (...path: string[]) => readFileSync(join(kratosDir, ...path), "utf8");
const folders = (dir: string) =>
  readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();

/** What config/kratos holds today, as the umbrella's values should say it. */
export function kratosFiles(): KratosFiles {
  const templatesDir = join(kratosDir, "courier-templates");
  const emailTemplates: KratosFiles["emailTemplates"] = {};
  for (const template of folders(templatesDir)) {
    emailTemplates[template] = {};
    for (const variant of folders(join(templatesDir, template))) {
      const file = (name: string) => read("courier-templates", template, variant, name);
      emailTemplates[template][variant] = {
        subject: file(templateFiles.subject),
        body: file(templateFiles.body),
        plainBody: file(templateFiles.plainBody),
      };
    }
  }
  return {
    identitySchemas: {
      "identity.schema.json": read("identity.schema.json"),
      "security-event.jsonnet": read("hooks", "security-event.jsonnet"),
      [oidcMapperFile]: read("oidc", "standard.jsonnet"),
    },
    emailTemplates,
  };
}

const begin = "    # BEGIN files from config/kratos";
const end = "    # END files from config/kratos";

/** values.yaml with the block between its BEGIN and END lines written from config/kratos. */
export function withKratosFiles(values: string, files: KratosFiles): string {
  const from = values.indexOf(begin);
  const to = values.indexOf(end);
  if (from < 0 || to < from) throw new Error(`${umbrellaValues}: the lines "${begin.trim()}…" and "${end.trim()}" are missing`);
  const block = stringify(files, { lineWidth: 0, blockQuote: "literal" })
    .split("\n")
    .map((line) => (line === "" ? line : `    ${line}`))
    .join("\n");
  const afterBegin = values.indexOf("\n", from) + 1;
  return `${values.slice(0, afterBegin)}${block}${values.slice(to)}`;
}
