// What a language's catalogs must hold: the same key tree as English, every
// value a string. A plural is a key with i18next's suffixes (_one, _other…):
// each language has the suffixes of its own plural categories (Japanese only
// _other, Arabic all six), so the type asks for _other and allows the rest;
// web/src/lib/i18n/catalogs.test.ts checks each language against its categories.
import type { admin } from "./en/admin.js";
import type { app } from "./en/app.js";

type PluralSuffix = "zero" | "one" | "two" | "few" | "many" | "other";
type PluralBase<Key> = Key extends `${infer Base}_${PluralSuffix}` ? Base : never;

type Tree<English> = {
  -readonly [Key in keyof English as Key extends `${string}_${PluralSuffix}` ? never : Key]: English[Key] extends string
    ? string
    : Tree<English[Key]>;
} & { -readonly [Base in PluralBase<keyof English> as `${Base}_other`]: string } & {
  -readonly [Base in PluralBase<keyof English> as `${Base}_${Exclude<PluralSuffix, "other">}`]?: string;
};

/** A language's catalog of the portal's own texts (`export const app = { … } satisfies Translation`). */
export type Translation = Tree<typeof app>;

/** A language's catalog of the admins' pages (`export const admin = { … } satisfies AdminTranslation`). */
export type AdminTranslation = Tree<typeof admin>;
