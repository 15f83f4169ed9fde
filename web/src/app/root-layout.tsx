// The root route: toasts around the session gate, inside the router so that
// what a page shows in them can use links.
import { ToastProvider } from "./feedback/toast-provider";
import { SessionGate } from "./session/session-gate";

export function RootLayout() {
  return (
    <ToastProvider>
      <SessionGate />
    </ToastProvider>
  );
}
