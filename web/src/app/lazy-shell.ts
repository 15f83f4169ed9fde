// The shell (header, side menu) of the signed-in pages: not in the entry
// bundle, which the sign-in page needs alone. Apart from lazy-pages.ts because
// the side menu preloads pages from there.
import { onDemand } from "./lazy-pages";

export const lazyShell = onDemand(() => import("./shell/shell-layout"));
