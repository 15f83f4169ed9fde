// What index.html loads: the stylesheet, then the app once the page has
// painted. The server's page is drawn and works before any script (its forms
// post as they are), so no code of the app's may come first: a module script
// of index.html runs before the browser's first paint, a module it preloads is
// compiled before it, and either shares a slow link with the stylesheet. Here
// the browser paints and, in its next idle moment, fetches the app and the code
// the page named in its start-up data (its pages' chunks, its language's
// catalogs) side by side, and the app hydrates the page. Nothing else of the
// app is imported here: Vite would put it in this file, ahead of the paint
// (web/vite.config.ts).
import "./app/bootstrap.scss";
import "./app/app.scss";
import "virtual:theme.css";
import { bootElementId } from "#contract/boot.js";
import type { BootData } from "#contract/schemas/app-page.js";
import { whenIdle } from "./lib/when-idle";

/** The files the server named for this page (BootData's `modules`); none on a page without them or with broken data. */
function pageModules(): string[] {
  try {
    const { modules } = JSON.parse(document.getElementById(bootElementId)?.textContent ?? "{}") as Partial<BootData>;
    return Array.isArray(modules) ? modules.filter((file) => typeof file === "string") : [];
  } catch {
    return [];
  }
}

function startApp() {
  for (const file of pageModules()) {
    const link = document.createElement("link");
    link.rel = "modulepreload";
    link.crossOrigin = "";
    link.href = file;
    document.head.append(link);
  }
  // A page whose code failed to load stays the server's, which works without script: nothing to add.
  void import("./main").catch(() => undefined);
}

/** The longest the app waits for an idle moment once the page has painted. */
const idleTimeoutMs = 500;

// A frame's callbacks run before its paint, a task queued from one after it. From there the app waits for the
// browser to be idle: what the browser queued after the paint (a person's first input, the page's own requests,
// the load event) goes first, rather than behind the app's code, which takes tens of milliseconds to evaluate and
// hydrate. A page opened in a background tab paints no frame until shown: it starts at once.
if (document.visibilityState === "visible")
  requestAnimationFrame(() => setTimeout(() => whenIdle(startApp, { timeoutMs: idleTimeoutMs, fallbackMs: 0 })));
else startApp();
