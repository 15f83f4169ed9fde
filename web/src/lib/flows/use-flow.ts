// A flow page's state: the flow named by ?flow=<id> (or a new one, created
// without leaving the page), its submission, and what Kratos' answers mean for
// the page (handleFlowError). The new flow's id goes into the URL in place, so a
// reload resumes the same flow.
//
// Flows stay out of the data layer (TanStack Query) on purpose: a flow is a
// conversation, not cached server state. Creating one is a side effect (a new
// anti-CSRF cookie), each answer replaces it (a 400 that carries the flow is
// the next step, not an error) and decides where the page goes, and fetching
// it again would silently reset what the user typed.
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from "react";
import { useNavigate, useSearchParams } from "react-router-dom";
import { flowQueryOf, flowQueryOfFlow, returnToOf, withFlowQuery, type FlowKind } from "#contract/flows.js";
import { bootFlow, forgetBootFlow } from "../boot-data";
import { i18n } from "../i18n";
import { createBrowserFlow } from "../kratos/create-browser-flow";
import { failureOf, isFlow } from "../kratos/errors";
import type { FlowOf } from "../kratos/flow-kinds";
import { getFlow } from "../kratos/get-flow";
import { handleFlowError, type FlowErrorAction } from "../kratos/handle-flow-error";
import { updateFlow, type FlowBody, type UpdateResults } from "../kratos/update-flow";
import { safeRedirect } from "../redirect";

export interface UseFlowOptions {
  /** Lets the page follow one of Kratos' redirects itself; true when it did. */
  onRedirect?: (url: string) => boolean;
}

export interface FlowController<K extends FlowKind> {
  flow: FlowOf<K> | undefined;
  /** Why the flow was started again (expired, CSRF), to show above the form. */
  notice: string | undefined;
  /** A failure that belongs to no field, e.g. too many attempts. */
  failure: string | undefined;
  busy: boolean;
  /**
   * Sends the body as JSON. Resolves with Kratos' answer when the call succeeded
   * (a new flow is also taken over), or undefined when Kratos' answer was
   * handled here: the flow with its messages, a new flow, a redirect, a failure.
   */
  submit: (body: FlowBody) => Promise<UpdateResults[K] | undefined>;
  /** Loads the flow again (or starts a new one) after it could not be loaded. */
  retry: () => void;
  /**
   * While the portal asks for a proof-of-work challenge before it passes the submission on (an abuse limit
   * is near): the page shows the widget (proof-of-work-check.tsx), whose solution sends the submission again.
   */
  proofOfWork: { key: number; solved: (payload: string) => void } | undefined;
}

/** How many challenges one submission solves at most before the page says so (each was refused: expired, used). */
const proofOfWorkTries = 3;

/** The portal's abuse limits ask for a solved challenge first (server/src/plugins/abuse-limits/proof-of-work.ts). */
function isProofOfWorkRequired(error: unknown): boolean {
  const { status, body } = failureOf(error);
  return status === 428 && typeof body === "object" && body !== null && (body as { code?: unknown }).code === "proof_of_work_required";
}

export function useFlow<K extends FlowKind>(kind: K, { onRedirect }: UseFlowOptions = {}): FlowController<K> {
  const [params, setParams] = useSearchParams();
  // What the page's URL asks of a new flow: return_to, and for login aal, refresh and login_challenge.
  const browserQuery = flowQueryOf(kind, params);
  const navigate = useNavigate();
  const flowId = params.get("flow") ?? undefined;
  // The flow that came with the page (the server rendered the form with it): the first render shows it at
  // once, in the browser as on the server, which hydrating the server's form requires.
  const [flow, setFlow] = useState<FlowOf<K> | undefined>(() => bootFlow(kind, browserQuery, flowId) as FlowOf<K> | undefined);
  const [notice, setNotice] = useState<string>();
  const [failure, setFailure] = useState<string>();
  const [busy, setBusy] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const [proofOfWork, setProofOfWork] = useState<FlowController<K>["proofOfWork"]>();

  // The flow on screen, and what the page passed in last: read when Kratos
  // answers, without running the loading effect again for every render.
  const shown = useRef<FlowOf<K> | undefined>(flow);
  const latest = useRef({ browserQuery, params, onRedirect, setParams });
  useLatestEffect(() => {
    latest.current = { browserQuery, params, onRedirect, setParams };
  });

  const show = useCallback((next: FlowOf<K> | undefined) => {
    shown.current = next;
    setFlow(next);
  }, []);

  const contextOf = useCallback(
    () => ({ returnTo: returnToOf(shown.current, latest.current.params), currentUrl: window.location.href }),
    [],
  );

  // Whether the submission on its way names a sign-in provider (a button of Kratos' oidc group, a link in
  // settings): Kratos then answers 422 with the provider's own address, on another site.
  const toProvider = useRef(false);

  const leave = useCallback((url: string) => {
    if (latest.current.onRedirect?.(url)) return;
    // Kratos sends the browser to the portal (its own /kratos URLs included) or,
    // for an OAuth2 login, back to Hydra, whose address the login request names;
    // or, when the person chose a provider, to that provider's sign-in page.
    const login = shown.current as Partial<FlowOf<"login">> | undefined;
    const target = toProvider.current
      ? safeRedirect(url, { kind: "web" })
      : safeRedirect(url, { kind: "same-origin", alsoOrigins: [login?.oauth2_login_request?.request_url] });
    if (target) window.location.assign(target);
    else setFailure(i18n.t("errors.generic"));
  }, []);

  const apply = useCallback(
    (action: FlowErrorAction) => {
      switch (action.kind) {
        case "show-flow":
          show(action.flow as FlowOf<K>);
          return;
        case "load-flow":
          latest.current.setParams((current) => withFlow(current, action.flowId));
          return;
        case "restart": {
          // Without ?flow= the page creates a new flow from the query, which keeps what the old flow asked for.
          const carried = { ...flowQueryOfFlow(shown.current), ...(action.returnTo ? { return_to: action.returnTo } : {}) };
          setNotice(i18n.t(`flows.notices.${action.notice}`));
          show(undefined);
          latest.current.setParams((current) => withFlowQuery(withFlow(current, undefined), carried), { replace: true });
          return;
        }
        case "redirect":
          leave(action.url);
          return;
        case "navigate":
          void navigate(action.to);
          return;
        case "fail":
          setFailure(action.message);
          return;
      }
    },
    [navigate, show, leave],
  );

  // Runs when the flow id in the URL changes (or on Try again), and only then.
  useEffect(() => {
    forgetBootFlow(shown.current);
    let active = true;
    const fail = (error: unknown) => {
      if (active) apply(handleFlowError(error, contextOf()));
    };
    if (!flowId && shown.current) {
      // The page came with a new flow: its id goes into the URL, so that a reload resumes it.
      const started = shown.current.id;
      latest.current.setParams((current) => withFlow(current, started), { replace: true });
    } else if (!flowId) {
      createBrowserFlow(kind, latest.current.browserQuery).then((created) => {
        if (!active) return;
        if (created.kind === "redirect") {
          leave(created.url);
          return;
        }
        show(created.flow);
        latest.current.setParams((current) => withFlow(current, created.flow.id), { replace: true });
      }, fail);
    } else if (shown.current?.id !== flowId) {
      getFlow(kind, flowId).then((loaded) => {
        if (active) show(loaded);
      }, fail);
    }
    return () => {
      active = false;
    };
  }, [kind, flowId, attempt, apply, contextOf, leave, show]);

  const submit = useCallback(
    async (body: FlowBody): Promise<UpdateResults[K] | undefined> => {
      const current = shown.current;
      if (!current) return undefined;
      setBusy(true);
      setFailure(undefined);
      setNotice(undefined);
      toProvider.current = typeof body.provider === "string" || typeof body.link === "string";
      try {
        let solution: string | undefined;
        for (let tries = 0; ; tries++) {
          try {
            const result = await updateFlow(kind, current.id, body, solution);
            if (isFlow(result)) show(result as FlowOf<K>);
            return result;
          } catch (error) {
            if (!isProofOfWorkRequired(error) || tries === proofOfWorkTries) throw error;
            // The form stays busy while the browser works; the widget's solution sends the same body again.
            solution = await new Promise<string>((solved) => {
              setProofOfWork({ key: tries, solved });
            });
            setProofOfWork(undefined);
          }
        }
      } catch (error) {
        apply(handleFlowError(error, contextOf()));
        return undefined;
      } finally {
        toProvider.current = false;
        setBusy(false);
      }
    },
    [kind, apply, contextOf, show],
  );

  const retry = useCallback(() => {
    setFailure(undefined);
    setNotice(undefined);
    show(undefined);
    setAttempt((count) => count + 1);
  }, [show]);

  return { flow, notice, failure, busy, submit, retry, proofOfWork };
}

/**
 * A layout effect in the browser; on the server, which renders the public pages once and runs no effect,
 * the plain effect that React does not warn about there.
 */
const useLatestEffect = typeof window === "undefined" ? useEffect : useLayoutEffect;

function withFlow(params: URLSearchParams, flowId: string | undefined): URLSearchParams {
  const next = new URLSearchParams(params);
  if (flowId) next.set("flow", flowId);
  else next.delete("flow");
  return next;
}
