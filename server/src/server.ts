// The portal server as the image runs it (node server/dist/server.js): the app built into WEB_ROOT.
import { serve } from "./serve.js";

await serve();
