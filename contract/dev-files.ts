// What `npm run dev`'s Vite may hand out as files (server/src/web/dev-web.ts,
// Vite's server.fs.allow), relative to the checkout: the app's sources, the
// contract and the catalogs (locales/) they import, and the dependencies Vite bundled for the browser (its
// cache). Nothing else of the checkout: not the data folder with its secrets
// and databases, not the server's sources, not node_modules as a whole. The
// stack refuses a DATA_DIR inside one of them (stack/start.ts).
export const devServedFolders = ["web", "contract", "locales", "node_modules/.vite"] as const;
