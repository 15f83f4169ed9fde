// The client state of spec §3, with one owner: this reducer. Only what cannot
// be derived is stored (sessionCheck, modal); the rest follows from it:
// - loading: isLoading(), no check has settled yet for the current kind of route.
// - hasSession: sessionCheck.outcome.kind === "session".
// - userInfor: that outcome's session body; pages read it with useCurrentSession().
// - completeRenderLayout: the gate's decision "page" on a non-public route, which
//   only a session yields; the router then renders ShellLayout.
// - showButtonHeader: the header and its menu button belong to the shell, so it
//   is true exactly when completeRenderLayout is.
// - common.footer: the shell's footer line, rendered with the shell as well.
// - common.modal {open, title, component}: stored here as modal; ModalProvider renders it.
import { createContext, useContext, useMemo, useReducer, type Dispatch, type ReactNode } from "react";
import type { SessionOutcome } from "../features/session/get-session";
import type { ModalOptions } from "../lib/feedback";

export type RouteKind = "public" | "private";

interface ModalState {
  open: boolean;
  title: string;
  /** The body; the title and buttons stay with the modal while it fades out. */
  component: ReactNode;
  options: Omit<ModalOptions, "title" | "body">;
}

export interface AppState {
  /** The last settled session check, and the kind of route it was made for. */
  sessionCheck: { routeKind: RouteKind; outcome: SessionOutcome } | null;
  modal: ModalState;
}

type AppAction =
  | { type: "session-checked"; routeKind: RouteKind; outcome: SessionOutcome }
  | { type: "modal-opened"; options: ModalOptions }
  | { type: "modal-closed" };

const initialAppState: AppState = {
  sessionCheck: null,
  modal: { open: false, title: "", component: null, options: {} },
};

function appReducer(state: AppState, action: AppAction): AppState {
  switch (action.type) {
    case "session-checked":
      return { ...state, sessionCheck: { routeKind: action.routeKind, outcome: action.outcome } };
    case "modal-opened": {
      const { title, body, ...options } = action.options;
      return { ...state, modal: { open: true, title, component: body, options } };
    }
    case "modal-closed":
      return { ...state, modal: { ...state.modal, open: false } };
  }
}

export function isLoading(state: AppState, routeKind: RouteKind): boolean {
  return state.sessionCheck?.routeKind !== routeKind;
}

const AppStateContext = createContext<{ state: AppState; dispatch: Dispatch<AppAction> } | null>(null);

export function AppStateProvider({ children }: { children: ReactNode }) {
  const [state, dispatch] = useReducer(appReducer, initialAppState);
  const value = useMemo(() => ({ state, dispatch }), [state]);
  return <AppStateContext.Provider value={value}>{children}</AppStateContext.Provider>;
}

export function useAppState(): { state: AppState; dispatch: Dispatch<AppAction> } {
  const value = useContext(AppStateContext);
  if (!value) throw new Error("useAppState() needs AppStateProvider");
  return value;
}
