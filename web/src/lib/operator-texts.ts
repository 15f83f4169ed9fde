// The operator's own texts (OPERATOR_TEXTS_FILE, docs/identity-schema.md), which
// come with the app's runtime configuration in the page: the product's name
// and the names of their identity schema's traits, per language.
import { useText } from "./i18n/text";
import { bootConfig } from "./boot-data";

/** The operator's text of a key in this language, if they gave one. */
export function operatorText(language: string, key: string): string | undefined {
  return bootConfig()?.OPERATOR_TEXTS?.[language]?.[key];
}

/** The product's name in the page's language: the operator's `productName`, else the catalog's. */
export function useProductName(): string {
  const { t, i18n } = useText();
  return operatorText(i18n.language, "productName") ?? t("app.name");
}
