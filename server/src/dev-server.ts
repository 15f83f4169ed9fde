// The portal server of `npm run dev` (stack/portal.ts): the image's server, with
// the app from its sources through Vite's dev server (web/dev-web.ts). The image's
// bundle (server/build.ts) starts from server.ts, so it holds neither this nor Vite.
import { viteWeb } from "./web/dev-web.js";
import { serve } from "./serve.js";

await serve({ web: viteWeb });
