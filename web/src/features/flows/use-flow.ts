// A flow page's state: the flow named by ?flow=<id> (or a new one, created
// without leaving the page), its submission, and what Kratos' answers mean for
// the page (handleFlowError). The new flow's id goes into the URL in place, so a
// reload resumes the same flow.
import { useCallback, useEffect, useRef, useState } from "react";
import { useNavigate, useSearchParams } from "react-router-dom";
import { isFlow, type KratosFlow } from "../../lib/kratos/errors";
import type { FlowKind, FlowOf } from "../../lib/kratos/flow-kinds";
import { getFlow } from "../../lib/kratos/get-flow";
import { handleFlowError, type FlowErrorAction } from "../../lib/kratos/handle-flow-error";
import { createBrowserFlow, type BrowserFlowQuery } from "../../lib/kratos/create-browser-flow";
import { updateFlow, type FlowBody, type UpdateResults } from "../../lib/kratos/update-flow";

export interface UseFlowOptions<K extends FlowKind> {
  /** The query of a new browser flow, from the page's URL: return_to, and for login aal, refresh, login_challenge. */
  browserQuery?: BrowserFlowQuery;
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
      const { onRedirect } = optionsRef.current;
      switch (action.kind) {
        case "show-flow":
          setFlow(action.flow as FlowOf<K>);
          return;
        case "load-flow":
          setParams((current) => withFlow(current, action.flowId));
          return;
        case "restart": {
          // Without ?flow= the page creates a new flow from the query, which keeps what the old flow asked for.
          const carried = { ...queryOf(flowRef.current), ...(action.returnTo ? { return_to: action.returnTo } : {}) };
          setNotice(action.notice);
          setFlow(undefined);
          setParams((current) => restartParams(current, carried), { replace: true });
          return;
        }
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
    [navigate, setParams],
  );

  const contextOf = useCallback(
    () => ({
      returnTo: (flowRef.current as KratosFlow | undefined)?.return_to ?? optionsRef.current.browserQuery?.return_to,
      currentUrl: window.location.href,
    }),
    [],
  );

  const applyRef = useRef(apply);
  applyRef.current = apply;
  const setParamsRef = useRef(setParams);
  setParamsRef.current = setParams;

  // Runs when the flow id in the URL changes, and only then.
  useEffect(() => {
    let active = true;
    const fail = (error: unknown) => active && applyRef.current(handleFlowError(error, contextOf()));
    if (!flowId) {
      createBrowserFlow(kind, optionsRef.current.browserQuery).then((created) => {
        if (!active) return;
        if (created.kind === "redirect") {
          window.location.assign(created.url);
          return;
        }
        setFlow(created.flow);
        setParamsRef.current((current) => withFlow(current, created.flow.id), { replace: true });
      }, fail);
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

/** What a new flow keeps of the one it replaces: return_to, and for login the assurance level, refresh and challenge. */
function queryOf(flow: FlowOf<FlowKind> | undefined): BrowserFlowQuery {
  if (!flow) return {};
  const login = flow as Partial<FlowOf<"login">>;
  return {
    return_to: flow.return_to || undefined,
    aal: login.requested_aal === "aal1" ? undefined : login.requested_aal,
    refresh: login.refresh ? "true" : undefined,
    login_challenge: login.oauth2_login_challenge || undefined,
  };
}

function restartParams(params: URLSearchParams, query: BrowserFlowQuery): URLSearchParams {
  const next = withFlow(params, undefined);
  for (const [key, value] of Object.entries(query)) if (value) next.set(key, value);
  return next;
}

function withFlow(params: URLSearchParams, flowId: string | undefined): URLSearchParams {
  const next = new URLSearchParams(params);
  if (flowId) next.set("flow", flowId);
  else next.delete("flow");
  return next;
}
