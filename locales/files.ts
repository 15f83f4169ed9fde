// Where a language's catalogs live: one folder per tag of contract/languages.ts,
// one file per kind of catalog. The tags come from that record and the kinds
// from this list; no code reads a tag or a kind out of a file's name.
import type { Language } from "#contract/languages.js";

/** The app's texts, the admins' pages' texts, our wording of Kratos' messages, the portal's mails. */
export const catalogKinds = ["app", "admin", "kratos", "mail"] as const;
export type CatalogKind = (typeof catalogKinds)[number];

/** A catalog's file, relative to locales/. */
export const catalogFile = (language: Language, kind: CatalogKind): string => `${language}/${kind}.ts`;
