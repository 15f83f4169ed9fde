// Runs the functions Kratos names in onloadTrigger (passkey autofill on the
// sign-in form) once the script is loaded and the form is in the document.
import type { UiNode } from "@ory/client-fetch";
import { useEffect } from "react";
import type { KratosFlow } from "../kratos/errors";
import { callTrigger, type ScriptsState } from "./kratos-scripts";

export function useOnloadTriggers(flow: KratosFlow, nodes: readonly UiNode[], scripts: ScriptsState): void {
  const triggers = [
    ...new Set(
      nodes.flatMap((node) =>
        node.attributes.node_type === "input" && node.attributes.onloadTrigger ? [node.attributes.onloadTrigger] : [],
      ),
    ),
  ];
  const key = triggers.join(" ");

  useEffect(() => {
    if (scripts !== "ready" || !key) return;
    for (const name of key.split(" ")) callTrigger(name);
    // The pending passkey autofill holds on to the fields it found; a new flow
    // re-mounts them, so the old request is aborted (webauthn.js exposes its controller for that).
    return () => {
      const controller: unknown = Reflect.get(window, "abortPasskeyConditionalUI");
      if (controller instanceof AbortController) controller.abort();
    };
  }, [flow, scripts, key]);
}
