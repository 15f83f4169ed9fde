// The portal server of `npm start` (stack/portal.ts): the image's server, with
// the app from its sources through Vite's dev server (dev-web.ts). Not part of
// the build (tsconfig.build.json): the image has no Vite.
import { viteWeb } from "./dev-web.js";
import { serve } from "./serve.js";

await serve({ web: viteWeb });
