import { existsSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import react from "@vitejs/plugin-react";
import postcssRtlcss from "postcss-rtlcss";
import { Mode } from "postcss-rtlcss/options";
import type { Plugin } from "vite";
import { compression } from "vite-plugin-compression2";
import { defineConfig } from "vitest/config";
import { languages, type Language } from "#contract/languages.js";
import { catalogFile, catalogKinds, type CatalogKind } from "#locales/files.js";
import { languageChunkName } from "./src/lib/i18n/language-chunk.ts";
import { themeSassVariables, themeStylesheet } from "./src/lib/theme.ts";

/** `import "virtual:theme.css"`: the theme's custom properties (src/lib/theme.ts) as a stylesheet of the app. */
function themeCss(): Plugin {
  const id = "virtual:theme.css";
  // A resolved id that ends in .css goes through Vite's CSS pipeline like a file.
  const resolved = `\0${id}`;
  return {
    name: "portal-theme-css",
    resolveId: (source) => (source === id ? resolved : source.startsWith(`${resolved}?`) ? source : undefined),
    // With a query too: `npm run dev` links the stylesheet as Vite's compiled CSS (`?direct`, server/src/web/dev-web.ts).
    load: (loaded) => (loaded.split("?")[0] === resolved ? themeStylesheet() : undefined),
  };
}

/**
 * Each catalog's language and kind, by the file's path, made from the languages' record and the catalogs' layout.
 * A language of contract/languages.ts without its folder, or a folder without one of its catalogs, stops the build
 * (and the dev server and the unit tests), naming the file.
 */
function catalogFiles(): Map<string, { language: Language; kind: CatalogKind }> {
  const locales = fileURLToPath(new URL("../locales/", import.meta.url));
  const catalogs = new Map<string, { language: Language; kind: CatalogKind }>();
  for (const language of languages)
    for (const kind of catalogKinds) {
      const file = join(locales, catalogFile(language, kind));
      if (!existsSync(file)) throw new Error(`locales/${catalogFile(language, kind)} is missing: each language has all its catalogs`);
      catalogs.set(file, { language, kind });
    }
  return catalogs;
}

const catalogs = catalogFiles();

/** The chunk of a language's app and Kratos catalogs, or null for any other module. */
function languageChunkOf(id: string): string | null {
  const catalog = catalogs.get(id);
  return catalog && (catalog.kind === "app" || catalog.kind === "kratos") ? languageChunkName(catalog.language) : null;
}

/** A chunk's file: the admins' texts named by their language (every folder's file is admin.ts), the rest by their name. */
function chunkFileName({ facadeModuleId }: { facadeModuleId: string | null }): string {
  const catalog = facadeModuleId === null ? undefined : catalogs.get(facadeModuleId);
  return catalog?.kind === "admin" ? `assets/admin-${catalog.language}-[hash].js` : "assets/[name]-[hash].js";
}

/** What index.html's own script is made of (src/boot.ts, the id of the start-up data, Vite's helper for its import of the app): kept out of the app's file. */
const bootModules = /\/index\.html$|\/src\/boot\.ts$|\/contract\/boot\.ts$|vite\/preload-helper/;

// Two builds: the app for the browser into dist/ (`vite build`), and the same app for the server's first
// render of the public pages into dist/ssr/ (`vite build --ssr src/entry-server.tsx`, after the first, which
// empties dist/). The server never serves dist/ssr/ (server/src/web/spa.ts).
export default defineConfig(({ command, isSsrBuild }) => ({
  root: "web",
  // No public/ folder, whose files the build would copy beside index.html: the server serves dist/assets/ alone.
  publicDir: false,
  // Brotli and gzip copies of every asset, made once at build time: the server sends the one the browser
  // accepts. Not of index.html, which the server fills in for each page (server/src/routes/app-page.ts).
  plugins: [
    react(),
    themeCss(),
    ...(isSsrBuild ? [] : [compression({ algorithms: ["brotliCompress", "gzip"], include: /\.(js|css|svg|json)$/ })]),
  ],
  // The server bundle carries its libraries (React, the router, react-bootstrap…): the image has no
  // node_modules (its server is one bundle too, server/build.ts). `npm run dev`'s server (Vite's dev server,
  // server/src/web/dev-web.ts) loads them from node_modules as Node does.
  ssr: command === "build" ? { noExternal: true } : {},
  // React's production build alone in the server's build, as in the browser's, and minified as that one is
  // (Vite leaves a server build as written, and React picks its build at run time from NODE_ENV): the server
  // holds this module's code once it renders a page: 3 MB written out with both of React's builds, 1 MB so.
  // The image's portal grew by 8 MB instead of 17 when it first rendered /login.
  ...(isSsrBuild && command === "build" ? { define: { "process.env.NODE_ENV": JSON.stringify("production") } } : {}),
  build: isSsrBuild
    ? {
        outDir: "dist/ssr",
        emptyOutDir: false,
        copyPublicDir: false,
        // One file: the server loads it under a new URL after each build (server/src/web/server-render.ts), and a lazy
        // page's chunk importing the entry back under its plain URL would get a second copy of the app's
        // modules (other React contexts, no page data), so the consent and verification pages would not render.
        rolldownOptions: { output: { codeSplitting: false } },
        minify: true,
      }
    : {
        outDir: "dist",
        emptyOutDir: true,
        // .vite/manifest.json: which files each page's code is in, for the start-up data of the page the server
        // sends (its `modules`, server/src/web/server-render.ts), which src/boot.ts preloads beside the app.
        manifest: true,
        rolldownOptions: {
          // The app's start (src/main.tsx) is an entry beside index.html although only boot.ts imports it, once the
          // page has painted: what it loads at start is then one file, as below, and not split among the lazy pages.
          input: [fileURLToPath(new URL("index.html", import.meta.url)), fileURLToPath(new URL("src/main.tsx", import.meta.url))],
          output: {
            chunkFileNames: chunkFileName,
            // index.html's own script in a file of its own, first, so that none of the app comes with it. Then
            // everything the app loads at start (tag $initial) in one file: left alone, Rolldown puts what the
            // app shares with the lazy pages into chunks of their own, each one more request and response
            // headers before the sign-in page works. The lazy pages import from that file.
            // Each language's two catalogs (locales/<tag>/app.ts and kratos.ts) in one file of its own, loaded
            // only for a page in that language (server/src/web/server-render.ts names it for preloading).
            codeSplitting: {
              groups: [{ name: "boot", test: bootModules }, { name: "app", tags: ["$initial"] }, { name: languageChunkOf }],
            },
          },
        },
        // One stylesheet for the whole app, linked from index.html: the server's page is drawn with all of it before
        // any script (the app that boot.ts starts after the paint brings the forms' and the theme menu's rules), in one
        // request. What the pages loaded on demand add to it is under 1 kB.
        cssCodeSplit: false,
        // Every browser the portal supports preloads modules by itself (Safari since 17); an older one still runs
        // the app, only without the early fetch, so the polyfill is not worth its bytes on the sign-in page.
        modulePreload: { polyfill: false },
        // That file is a little over Vite's default 500 kB before compression. What the sign-in page weighs on
        // the wire, compressed, is watched by the byte budget of the browser suite (e2e/budget.spec.ts).
        chunkSizeWarningLimit: 600,
      },
  css: {
    // Right to left from the same stylesheet: for every rule that depends on the direction (margins, padding,
    // float, text-align…, Bootstrap's and ours), rtlcss adds its mirror under [dir="rtl"], which the server
    // puts on <html> for a language written right to left (contract/languages.ts).
    postcss: { plugins: [postcssRtlcss({ mode: Mode.override })] },
    preprocessorOptions: {
      scss: {
        // Bootstrap 5.3's Sass is written for the @import era: Dart Sass warns hundreds of times about its @import,
        // global functions, color functions and if(), none of which we can change in Bootstrap. Only those are
        // silenced, so that a warning about our own Sass still shows.
        silenceDeprecations: ["import", "global-builtin", "color-functions", "if-function"],
        // The theme's media queries (src/lib/theme.ts), before every Sass file: the layout's breakpoint in one place.
        additionalData: themeSassVariables(),
      },
    },
  },
  // The app's unit tests, and the contract's (contract/*.test.ts: what both sides share, tested where the app is).
  test: {
    environment: "jsdom",
    root: "web",
    include: ["src/**/*.test.{ts,tsx}", "../contract/**/*.test.ts"],
    setupFiles: ["src/test-setup.ts"],
    testTimeout: 20_000,
  },
}));
