// The root route: toasts around the session gate, inside the router so that
// what a page shows in them can use links; where the focus goes when the page
// changes, for every page.
import { ToastProvider } from "./feedback/toast-provider";
import { useFocusManagement } from "./focus-management";
import { SessionGate } from "./session/session-gate";

export function RootLayout() {
  useFocusManagement();
  return (
    <ToastProvider>
      <SessionGate />
    </ToastProvider>
  );
}
