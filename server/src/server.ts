// The portal server as the image runs it (server/build.ts bundles it into server/dist/server.mjs): the app built into WEB_ROOT.
import { serve } from "./serve.js";

await serve();
