// The shell (header, side menu) of the signed-in pages: not in the entry
// bundle, which the sign-in page needs alone. Apart from the page registry
// (page-registry.ts) because the side menu preloads pages from there.
import { loadModule, type ModuleName } from "./on-demand";

export const shellModule: ModuleName = "/src/app/lazy-modules/shell.tsx";

export const lazyShell = () => loadModule(shellModule);
