// A flow page's state: the flow named by ?flow=<id> (or a new one), its
// submission, and what Kratos' answers mean for the page (handleFlowError).
import { useCallback, useEffect, useRef, useState } from "react";
import { useNavigate, useSearchParams } from "react-router-dom";
import { isFlow, type KratosFlow } from "../../lib/kratos/errors";
import type { FlowKind, FlowOf } from "../../lib/kratos/flow-kinds";
import { getFlow } from "../../lib/kratos/get-flow";
import { handleFlowError, type FlowErrorAction } from "../../lib/kratos/handle-flow-error";
import { browserFlowUrl, startBrowserFlow, type BrowserFlowQuery } from "../../lib/kratos/start-browser-flow";
import { updateFlow, type FlowBody, type UpdateResults } from "../../lib/kratos/update-flow";
import { keepNotice, takeNotice } from "./flow-notice";

export interface UseFlowOptions<K extends FlowKind> {
  /** The query of a new browser flow: return_to, and for login aal, refresh, login_challenge. */
  browserQuery?: BrowserFlowQuery;
  /** Creates the flow without leaving the page, instead of starting a browser flow. */
  create?: () => Promise<FlowOf<K>>;
  /** Lets the page follow one of Kratos' redirects itself; true when it did. */
  onRedirect?: (url: string) => boolean;
}

export interface FlowController<K extends FlowKind> {
  flow: FlowOf<K> | undefined;
  /** Why the flow was started again (expired, CSRF), to show above the form. */
  notice: string | undefined;
  /** A failure that belongs to no field. */
  failure: string | undefined;
  busy: boolean;
  /**
   * Sends the body as JSON. Resolves with Kratos' answer when the call succeeded
   * (a new flow is also taken over), or undefined when Kratos' answer was
   * handled here: the flow with its messages, a new flow, a redirect.
   */
  submit(body: FlowBody): Promise<UpdateResults[K] | undefined>;
}

export function useFlow<K extends FlowKind>(kind: K, options: UseFlowOptions<K> = {}): FlowController<K> {
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const flowId = params.get("flow") ?? undefined;
  const [flow, setFlow] = useState<FlowOf<K>>();
  const [notice, setNotice] = useState<string>();
  const [failure, setFailure] = useState<string>();
  const [busy, setBusy] = useState(false);

  // The effects below run per flow id; they read the latest options and flow from refs.
  const optionsRef = useRef(options);
  optionsRef.current = options;
  const flowRef = useRef(flow);
  flowRef.current = flow;

  const apply = useCallback(
    (action: FlowErrorAction) => {
      const { browserQuery = {}, create, onRedirect } = optionsRef.current;
      switch (action.kind) {
        case "show-flow":
          setFlow(action.flow as FlowOf<K>);
          return;
        case "load-flow":
          setParams((current) => withFlow(current, action.flowId));
          return;
        case "restart":
          if (create) {
            setNotice(action.notice);
            setFlow(undefined);
            setParams((current) => withFlow(current, undefined), { replace: true });
            return;
          }
          keepNotice(kind, action.notice);
          void startBrowserFlow(kind, { ...browserQuery, return_to: action.returnTo ?? browserQuery.return_to });
          return;
        case "redirect":
          if (!onRedirect?.(action.url)) window.location.assign(action.url);
          return;
        case "navigate":
          navigate(action.to);
          return;
        case "fail":
          setFailure(action.message);
          return;
      }
    },
    [kind, navigate, setParams],
  );

  const contextOf = useCallback(
    () => ({
      returnTo: (flowRef.current as KratosFlow | undefined)?.return_to ?? optionsRef.current.browserQuery?.return_to,
      currentUrl: window.location.href,
    }),
    [],
  );

  useEffect(() => {
    const kept = takeNotice(kind);
    if (kept) setNotice(kept);
  }, [kind]);

  const applyRef = useRef(apply);
  applyRef.current = apply;
  const setParamsRef = useRef(setParams);
  setParamsRef.current = setParams;

  // Runs when the flow id in the URL changes, and only then.
  useEffect(() => {
    let active = true;
    const { browserQuery, create } = optionsRef.current;
    const fail = (error: unknown) => active && applyRef.current(handleFlowError(error, contextOf()));
    if (!flowId) {
      if (create) {
        create().then((created) => {
          if (!active) return;
          setFlow(created);
          setParamsRef.current((current) => withFlow(current, created.id), { replace: true });
        }, fail);
      } else {
        browserFlowUrl(kind, browserQuery).then((url) => active && window.location.assign(url), fail);
      }
    } else if (flowRef.current?.id !== flowId) {
      getFlow(kind, flowId).then((loaded) => active && setFlow(loaded), fail);
    }
    return () => {
      active = false;
    };
  }, [kind, flowId, contextOf]);

  const submit = useCallback(
    async (body: FlowBody): Promise<UpdateResults[K] | undefined> => {
      const current = flowRef.current;
      if (!current) return undefined;
      setBusy(true);
      setFailure(undefined);
      setNotice(undefined);
      try {
        const result = await updateFlow(kind, current.id, body);
        if (isFlow(result)) setFlow(result as FlowOf<K>);
        return result;
      } catch (error) {
        apply(handleFlowError(error, contextOf()));
        return undefined;
      } finally {
        setBusy(false);
      }
    },
    [kind, apply, contextOf],
  );

  return { flow, notice, failure, busy, submit };
}

function withFlow(params: URLSearchParams, flowId: string | undefined): URLSearchParams {
  const next = new URLSearchParams(params);
  if (flowId) next.set("flow", flowId);
  else next.delete("flow");
  return next;
}
