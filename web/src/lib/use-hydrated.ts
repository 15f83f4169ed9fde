// Whether the app runs the page: false while the browser hydrates the server's
// markup (and on the server), so that a control which only works with the app
// (a button that calls /api) can say so in the server's page, as it is drawn
// before the script arrives, and becomes usable the moment the app took over.
import { useSyncExternalStore } from "react";

const subscribe = () => () => undefined;

export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
