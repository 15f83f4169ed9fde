// `npm run courier-templates`: Kratos' code mails with the operator's brand, for compose and the Helm chart
// (docs/branding.md#kratos-mails), from the same variables and by the same code as the stack's own
// (stack/courier-templates.ts).
import { writeFileSync } from "node:fs";
import { helmValues, templatesSource, writeCourierTemplates, writeTemplatesSource } from "../stack/courier-templates.js";
import { readMailBrand } from "../stack/settings.js";

const usage = `npm run courier-templates                      config/kratos/courier-templates, from the mail catalogs and design
npm run courier-templates -- <folder>          the templates with the brand file beside each (compose)
npm run courier-templates -- --helm <file>     values for deploy/helm/with-ory, the brand inside the templates
                                               and Kratos' TOTP issuer and passkey name`;

const args = process.argv.slice(2);
const [first, second] = args;
try {
  const brand = readMailBrand(process.env);
  if (args.length === 0) {
    writeTemplatesSource();
    console.log(`wrote ${templatesSource} from the mail catalogs and design: npm run chart-files copies them into the chart`);
  } else if (first === "--helm" && second) {
    writeFileSync(second, helmValues(brand));
    console.log(`wrote the code mails' templates with your brand into ${second}: helm upgrade … -f ${second}`);
  } else if (first && !first.startsWith("-") && !second) {
    writeCourierTemplates(first, brand);
    console.log(`wrote the code mails' templates with your brand into ${first}`);
  } else {
    console.error(usage);
    process.exitCode = 2;
  }
} catch (error) {
  console.error((error as Error).message);
  process.exitCode = 1;
}
