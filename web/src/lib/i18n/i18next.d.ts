// Keys of our own catalog are checked by the compiler; Kratos' catalog is
// looked up by message id at run time (see kratos-text.ts).
import "i18next";
import type { en } from "./en";
import type { KratosCatalog } from "./kratos-en";

declare module "i18next" {
  interface CustomTypeOptions {
    defaultNS: "translation";
    resources: { translation: typeof en; kratos: KratosCatalog };
  }
}
