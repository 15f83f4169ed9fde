// Each language's two catalogs (locales/<tag>/app.ts and kratos.ts) go into
// one file of the build, named here: the build groups them by their paths
// (web/vite.config.ts) and the server finds the file by this name in Vite's
// manifest, to preload it with a page in that language.
import type { Language } from "#contract/languages.js";

export const languageChunkName = (language: Language): string => `i18n-${language}`;
