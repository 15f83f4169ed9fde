// The shell (header, side menu) of the signed-in pages: not in the entry
// bundle, which the sign-in page needs alone. Apart from the page registry
// (page-registry.ts) because the side menu preloads pages from there.
import { code } from "./on-demand";

export const shellCode = code("src/app/shell/shell-layout.tsx", () => import("./shell/shell-layout"));

export const lazyShell = shellCode.load;
