// Keys of our own catalog are checked by the compiler; Kratos' catalog is
// looked up by message id at run time (see kratos-text.ts). The admins' texts
// (locales/en/admin.ts) are a namespace of their own at run time, loaded with the
// admins' pages, which i18next searches when a key is not in `translation`
// (fallbackNS, index.ts); to the compiler they are keys of `translation`, so a
// component reads them as any other text.
import "i18next";
import type { admin } from "#locales/en/admin.js";
import type { app } from "#locales/en/app.js";
import type { KratosCatalog } from "#locales/en/kratos.js";

declare module "i18next" {
  interface CustomTypeOptions {
    defaultNS: "translation";
    resources: { translation: typeof app & typeof admin; kratos: KratosCatalog };
  }
}
