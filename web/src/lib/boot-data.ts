// What the server put into the page for the app's start (the contract's
// BootData): the answers the app's first requests would get, so that it can
// show the page without asking in turn. Each answer is taken once; the app
// asks for anything that is missing, as it would anyway.
import { bootElementId } from "#contract/boot.js";
import { flowQueryNames, type FlowKind, type FlowQuery } from "#contract/flows.js";
import type { BootData } from "#contract/schemas/app-page.js";

let data: Partial<BootData> | undefined;

function read(): Partial<BootData> {
  if (!data) {
    try {
      data = JSON.parse(document.getElementById(bootElementId)?.textContent ?? "{}") as Partial<BootData>;
    } catch {
      // A page without it (the app served by `vite` alone) or a broken one: the app asks for everything.
      data = {};
    }
  }
  return data;
}

export function bootConfig(): BootData["config"] | undefined {
  return read().config;
}

/** GET /api/session's answer for this page load, once. */
export function takeBootSession(): BootData["session"] {
  const boot = read();
  const { session } = boot;
  delete boot.session;
  return session;
}

/** The flow the server started for this page, once, if it is of this kind and was started with this query. */
export function takeBootFlow(kind: FlowKind, query: FlowQuery): unknown {
  const boot = read();
  const started = boot.flow;
  if (started?.kind !== kind) return undefined;
  if (flowQueryNames[kind].some((name) => query[name] !== started.query[name])) return undefined;
  delete boot.flow;
  return started.flow;
}
