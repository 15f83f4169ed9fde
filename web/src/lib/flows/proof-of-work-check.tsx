// The ALTCHA widget (npm altcha) that solves the portal's proof-of-work
// challenge when a flow submission was answered 428 proof_of_work_required.
// Loaded only then (React.lazy in flow-status.tsx), so that no public page
// carries it in its first bytes. The CSP stays as strict as ever: the build
// without bundled workers or styles (altcha/external), its stylesheet a file
// of its own linked only then (the app's one stylesheet, which every page
// loads before its first paint, stays without it), and PBKDF2's worker as a file of our own origin (Vite's ?worker),
// never a blob or an eval. Every word comes from the catalog; the widget
// announces its state in a live region, and starts by itself.
import "altcha/external";
import widgetStylesheet from "altcha/altcha.css?url";
import Pbkdf2Worker from "altcha/workers/pbkdf2?worker";
import { useEffect, useId, useRef } from "react";
import { useText } from "../i18n/text";
import { proofOfWorkPath } from "#contract/proof-of-work.js";

/** The algorithm the portal's challenges name (server/src/plugins/abuse-limits/proof-of-work.ts). */
globalThis.$altcha.algorithms.set("PBKDF2/SHA-256", () => new Pbkdf2Worker());

/** Links the widget's stylesheet once (style-src 'self': a file of our own origin). */
function linkWidgetStylesheet(): void {
  if ([...document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')].some((link) => link.href.endsWith(widgetStylesheet)))
    return;
  const link = document.createElement("link");
  link.rel = "stylesheet";
  link.href = widgetStylesheet;
  document.head.append(link);
}

/** The widget's texts that it can show here (no code challenge, no footer), by the widget's own keys. */
const widgetTexts = [
  "label",
  "loading",
  "verifying",
  "waitAlert",
  "verified",
  "error",
  "expired",
  "reload",
  "verify",
  "verificationRequired",
] as const;

/** onSolved must stay the same for the widget's life (use-flow.ts gives each challenge its own, and a key). */
export default function ProofOfWorkCheck({ onSolved }: { onSolved: (payload: string) => void }) {
  const { t, i18n } = useText();
  const holder = useRef<HTMLDivElement>(null);
  const introId = useId();

  useEffect(() => {
    linkWidgetStylesheet();
    const language = i18n.language;
    globalThis.$altcha.i18n.set(language, Object.fromEntries(widgetTexts.map((key) => [key, t(`flows.proofOfWork.widget.${key}`)])));
    const widget = document.createElement("altcha-widget");
    // Set before the widget is connected, so that it starts with them (auto: as soon as it is there).
    widget.setAttribute("challenge", proofOfWorkPath);
    widget.setAttribute("auto", "onload");
    widget.setAttribute("language", language);
    widget.setAttribute("workers", String(Math.max(1, Math.min(navigator.hardwareConcurrency || 2, 8))));
    widget.setAttribute(
      "configuration",
      JSON.stringify({
        hideFooter: true,
        hideLogo: true,
        // What a person waits for is the work, not a pause of the widget's own.
        minDuration: 0,
        // No behaviour collected: the work alone decides.
        humanInteractionSignature: false,
      }),
    );
    widget.setAttribute("aria-describedby", introId);
    const verified = (event: Event) => {
      const payload = (event as CustomEvent<{ payload?: string }>).detail.payload;
      if (payload) onSolved(payload);
    };
    widget.addEventListener("verified", verified);
    holder.current?.append(widget);
    return () => {
      widget.removeEventListener("verified", verified);
      widget.remove();
    };
  }, [i18n.language, introId, onSolved, t]);

  return (
    <div className="proof-of-work mb-3">
      <p id={introId} className="small mb-2">
        {t("flows.proofOfWork.intro")}
      </p>
      <div ref={holder} />
    </div>
  );
}
