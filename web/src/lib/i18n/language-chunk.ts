// Each language's two catalogs (locales/<tag>/app.ts and kratos.ts)
// go into one file of the build, named here: the build groups them
// (web/vite.config.ts) and the server finds the file by this name in Vite's
// manifest, to preload it with a page in that language.
import type { Language } from "#contract/languages.js";

export const languageChunkName = (language: Language): string => `i18n-${language}`;

/** The language chunk a module of the build belongs to, or null. */
export function languageChunkOf(moduleId: string): string | null {
  const tag = /\/locales\/([a-z]{2}(?:-[A-Z]{2})?)\/(?:app|kratos)\.ts$/.exec(moduleId)?.[1];
  return tag ? `i18n-${tag}` : null;
}
