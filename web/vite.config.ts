import react from "@vitejs/plugin-react";
import { compression } from "vite-plugin-compression2";
import { defineConfig } from "vitest/config";

export default defineConfig({
  root: "web",
  // Brotli and gzip copies of every asset, made once at build time: the server sends the one the browser
  // accepts. Not of index.html, which the server fills in for each page (server/src/routes/app-page.ts).
  plugins: [react(), compression({ algorithms: ["brotliCompress", "gzip"], include: /\.(js|css|svg|json)$/ })],
  build: { outDir: "dist", emptyOutDir: true },
  test: { environment: "jsdom", root: "web", setupFiles: ["src/test-setup.ts"] },
});
