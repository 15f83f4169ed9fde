// Connected apps: the applications the user granted access, and revoking them.
import { useCallback, useEffect, useState } from "react";
import { ApiError } from "../../../lib/api";
import { listConnectedApps, type ConnectedApp } from "./list-connected-apps";
import { revokeAllConnectedApps } from "./revoke-all-connected-apps";
import { revokeConnectedApp } from "./revoke-connected-app";

export interface ConnectedAppsState {
  apps: ConnectedApp[];
  loading: boolean;
  failure: string | undefined;
}

export function useConnectedApps() {
  const [state, setState] = useState<ConnectedAppsState>({ apps: [], loading: true, failure: undefined });

  const load = useCallback(async (signal?: AbortSignal) => {
    try {
      const apps = await listConnectedApps(signal);
      setState({ apps, loading: false, failure: undefined });
    } catch (error) {
      if (signal?.aborted) return;
      setState((previous) => ({ ...previous, loading: false, failure: messageOf(error) }));
    }
  }, []);

  useEffect(() => {
    const controller = new AbortController();
    void load(controller.signal);
    return () => controller.abort();
  }, [load]);

  /** Resolves false (with the failure shown in the card) when the portal refused. */
  async function run(action: () => Promise<void>): Promise<boolean> {
    try {
      await action();
      await load();
      return true;
    } catch (error) {
      setState((previous) => ({ ...previous, failure: messageOf(error) }));
      return false;
    }
  }

  return {
    ...state,
    revoke: (clientId: string) => run(() => revokeConnectedApp(clientId)),
    revokeAll: () => run(revokeAllConnectedApps),
  };
}

function messageOf(error: unknown): string {
  return error instanceof ApiError ? error.message : "Something went wrong. Please try again.";
}
