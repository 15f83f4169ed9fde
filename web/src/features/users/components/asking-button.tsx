// A change to one person on their page: the button asks first, naming them,
// then acts and says so (the page's `ask`, which refreshes the admin's own
// session when a refusal concerns it).
import Button from "react-bootstrap/Button";
import { useHydrated } from "../../../lib/use-hydrated";
import type { ConfirmOptions } from "../../../lib/feedback/use-confirm";

/** Asks, naming the person; on Confirm does the action and shows `done`. Resolves whether it was done. */
export type Ask = (options: ConfirmOptions & { action: () => Promise<unknown> }, done: string) => Promise<boolean>;

export function AskingButton({
  ask,
  label,
  title,
  body,
  danger = false,
  disabled = false,
  action,
  done,
}: {
  ask: Ask;
  label: string;
  title: string;
  body: string;
  danger?: boolean;
  disabled?: boolean;
  action: () => Promise<unknown>;
  done: string;
}) {
  // It asks in a dialog of the app's: on the server's page it waits for the app.
  const hydrated = useHydrated();
  return (
    <Button
      variant={danger ? "outline-danger" : "outline-primary"}
      size="sm"
      disabled={disabled || !hydrated}
      onClick={() =>
        void ask({ title, body: <p className="mb-0">{body}</p>, confirmLabel: label, variant: danger ? "danger" : "primary", action }, done)
      }
    >
      {label}
    </Button>
  );
}
