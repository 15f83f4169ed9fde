import react from "@vitejs/plugin-react";
import { compression } from "vite-plugin-compression2";
import { defineConfig } from "vitest/config";

export default defineConfig({
  root: "web",
  // Brotli and gzip copies of every asset, made once at build time: the server sends the one the browser
  // accepts. Not of index.html, which the server fills in for each page (server/src/routes/app-page.ts).
  plugins: [react(), compression({ algorithms: ["brotliCompress", "gzip"], include: /\.(js|css|svg|json)$/ })],
  build: { outDir: "dist", emptyOutDir: true },
  css: {
    preprocessorOptions: {
      scss: {
        // Bootstrap 5.3's Sass is written for the @import era: Dart Sass warns hundreds of times about its @import,
        // global functions, color functions and if(), none of which we can change in Bootstrap. Only those are
        // silenced, so that a warning about our own Sass still shows.
        silenceDeprecations: ["import", "global-builtin", "color-functions", "if-function"],
      },
    },
  },
  test: { environment: "jsdom", root: "web", setupFiles: ["src/test-setup.ts"] },
});
