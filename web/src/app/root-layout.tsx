// The root route: the app's state and feedback providers around the session
// gate. Inside the router, so that modal and toast content can use links.
import { AppStateProvider } from "./app-state";
import { ModalProvider } from "./feedback/modal-provider";
import { ToastProvider } from "./feedback/toast-provider";
import { SessionGate } from "./session-gate";

export function RootLayout() {
  return (
    <AppStateProvider>
      <ToastProvider>
        <ModalProvider>
          <SessionGate />
        </ModalProvider>
      </ToastProvider>
    </AppStateProvider>
  );
}
