// The signed-in user's sessions (spec §7's /sessions calls): this one and the others.
import type { Session } from "@ory/client";
import { useCallback, useEffect, useState } from "react";
import { kratos } from "../../../lib/kratos/client";
import { errorMessageOf, failureOf } from "../../../lib/kratos/errors";
import { unreachableMessage } from "../../../lib/kratos/handle-flow-error";

export interface SessionsState {
  current: Session | undefined;
  others: Session[];
  loading: boolean;
  failure: string | undefined;
}

export function useSessions() {
  const [state, setState] = useState<SessionsState>({ current: undefined, others: [], loading: true, failure: undefined });

  const load = useCallback(async () => {
    try {
      const [current, others] = await Promise.all([kratos().toSession(), kratos().listMySessions()]);
      setState({ current: current.data, others: others.data, loading: false, failure: undefined });
    } catch (error) {
      setState((previous) => ({ ...previous, loading: false, failure: messageOf(error) }));
    }
  }, []);

  useEffect(() => {
    void load();
  }, [load]);

  /** Signs out one other session; resolves false (with the failure shown) when Kratos refused. */
  async function signOut(id: string): Promise<boolean> {
    try {
      await kratos().disableMySession({ id });
      await load();
      return true;
    } catch (error) {
      setState((previous) => ({ ...previous, failure: messageOf(error) }));
      return false;
    }
  }

  /** Signs out every session but this one; resolves how many ended, or undefined on failure. */
  async function signOutOthers(): Promise<number | undefined> {
    try {
      const { data } = await kratos().disableMyOtherSessions();
      await load();
      return data.count ?? 0;
    } catch (error) {
      setState((previous) => ({ ...previous, failure: messageOf(error) }));
      return undefined;
    }
  }

  return { ...state, signOut, signOutOthers };
}

function messageOf(error: unknown): string {
  return errorMessageOf(failureOf(error).body) ?? unreachableMessage;
}
