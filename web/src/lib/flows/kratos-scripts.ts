// Kratos' webauthn.js, as the flow's script node describes it. A <script> in
// JSX never runs, so the element is created by hand; the buttons then call the
// functions the script defines on window, by the names the nodes carry
// (onclickTrigger / onloadTrigger). No eval and no new Function: the strings
// in the nodes' onclick attributes are never executed.
import type { UiNode, UiNodeScriptAttributes } from "@ory/client-fetch";
import { useEffect, useMemo, useSyncExternalStore } from "react";

export type ScriptsState = "none" | "loading" | "ready" | "failed";

type ScriptStatus = Exclude<ScriptsState, "none">;

// The scripts of this page load, by URL: the pages of one visit share them.
const scripts = new Map<string, { element: HTMLScriptElement; status: ScriptStatus }>();
const listeners = new Set<() => void>();

function setStatus(src: string, element: HTMLScriptElement, status: ScriptStatus): void {
  scripts.set(src, { element, status });
  for (const listener of listeners) listener();
}

/** Adds the script once per URL. A failed one stays failed until the page is reloaded, as the page says. */
export function loadScript(attributes: UiNodeScriptAttributes): void {
  if (scripts.get(attributes.src)?.element.isConnected) return;
  const element = document.createElement("script");
  element.src = attributes.src;
  element.async = attributes.async;
  element.type = attributes.type || "text/javascript";
  if (attributes.id) element.id = attributes.id;
  if (attributes.integrity) element.integrity = attributes.integrity;
  if (attributes.crossorigin) element.crossOrigin = attributes.crossorigin;
  if (attributes.referrerpolicy) element.referrerPolicy = attributes.referrerpolicy;
  if (attributes.nonce) element.nonce = attributes.nonce;
  element.addEventListener("load", () => setStatus(attributes.src, element, "ready"));
  element.addEventListener("error", () => setStatus(attributes.src, element, "failed"));
  scripts.set(attributes.src, { element, status: "loading" });
  document.body.appendChild(element);
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function stateOf(sources: readonly string[]): ScriptsState {
  if (!sources.length) return "none";
  const statuses = sources.map((src) => {
    const script = scripts.get(src);
    return script?.element.isConnected ? script.status : "loading";
  });
  if (statuses.includes("failed")) return "failed";
  return statuses.every((status) => status === "ready") ? "ready" : "loading";
}

/** Loads every script node of the flow; "ready" once all have run (or "none" when there are none). */
export function useFlowScripts(nodes: readonly UiNode[]): ScriptsState {
  const sources = useMemo(() => nodes.flatMap((node) => (node.attributes.node_type === "script" ? [node.attributes] : [])), [nodes]);
  useEffect(() => {
    for (const source of sources) loadScript(source);
  }, [sources]);
  return useSyncExternalStore(
    subscribe,
    () => stateOf(sources.map((source) => source.src)),
    // On the server, and in the browser while it hydrates the server's page: the scripts have not run yet.
    () => (sources.length ? "loading" : "none"),
  );
}

/** Kratos' trigger names are its own functions on window ("oryWebAuthnLogin", …); nothing else may be called. */
const triggerName = /^ory[A-Za-z]+$/;

export function callTrigger(name: string | undefined): boolean {
  if (!name || !triggerName.test(name)) return false;
  const candidate: unknown = Reflect.get(window, name);
  if (typeof candidate !== "function") return false;
  Reflect.apply(candidate, window, []);
  return true;
}
