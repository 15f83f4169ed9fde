// Kratos' webauthn.js, as the flow's script node describes it. A <script> in
// JSX never runs, so the element is created by hand; the buttons then call the
// functions the script defines on window, by the names the nodes carry
// (onclickTrigger / onloadTrigger). No eval and no new Function: the strings
// in the nodes' onclick attributes are never executed.
import type { UiNode, UiNodeScriptAttributes } from "@ory/client";
import { useEffect, useState } from "react";

const loaded = new Map<string, { script: HTMLScriptElement; promise: Promise<void> }>();

/** Adds the script once per URL; the pages of one visit share it. */
export function loadScript(attributes: UiNodeScriptAttributes): Promise<void> {
  const known = loaded.get(attributes.src);
  if (known?.script.isConnected) return known.promise;
  const script = document.createElement("script");
  const promise = new Promise<void>((resolve, reject) => {
    script.src = attributes.src;
    script.async = attributes.async;
    script.type = attributes.type || "text/javascript";
    if (attributes.id) script.id = attributes.id;
    if (attributes.integrity) script.integrity = attributes.integrity;
    if (attributes.crossorigin) script.crossOrigin = attributes.crossorigin;
    if (attributes.referrerpolicy) script.referrerPolicy = attributes.referrerpolicy;
    if (attributes.nonce) script.nonce = attributes.nonce;
    script.addEventListener("load", () => resolve());
    script.addEventListener("error", () => {
      loaded.delete(attributes.src);
      script.remove();
      reject(new Error(`Could not load ${attributes.src}`));
    });
    document.body.appendChild(script);
  });
  loaded.set(attributes.src, { script, promise });
  return promise;
}

export type ScriptsState = "none" | "loading" | "ready" | "failed";

/** Loads every script node of the flow; "ready" once all have run (or there are none). */
export function useFlowScripts(nodes: readonly UiNode[]): ScriptsState {
  const sources = nodes.flatMap((node) => (node.attributes.node_type === "script" ? [node.attributes] : []));
  const key = sources.map((script) => script.src).join(" ");
  const [state, setState] = useState<ScriptsState>(sources.length ? "loading" : "none");

  useEffect(() => {
    if (!sources.length) {
      setState("none");
      return;
    }
    let current = true;
    setState("loading");
    Promise.all(sources.map(loadScript)).then(
      () => current && setState("ready"),
      () => current && setState("failed"),
    );
    return () => {
      current = false;
    };
    // Every new flow object lists the same script again; only a different URL is a different script.
  }, [key]);

  return state;
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
