// Watches the signed-in session for the shell: two minutes before it ends, a
// dialog offers to stay signed in (the portal extends it through Kratos) or
// to sign out; when it ends, or another tab signs out, or a check on focus
// finds it gone, the tab goes to /login and comes back here afterwards.
import { useEffect, useState } from "react";
import Alert from "react-bootstrap/Alert";
import Button from "react-bootstrap/Button";
import { useText } from "../../lib/i18n/text";
import { useNavigate } from "react-router-dom";
import { Modal } from "../../lib/components/modal";
import { useCurrentSession } from "../../lib/current-session";
import { errorMessage } from "../../lib/error-message";
import { signInHref } from "#contract/flows.js";
import { paths } from "#contract/paths.js";
import { onSignedOutElsewhere } from "../../lib/session-broadcast";
import { extendSession } from "./extend-session";
import { getSession } from "./get-session";

/** How long before the end the dialog asks. */
export const warnBeforeMs = 2 * 60_000;
/** setTimeout's longest delay (2^31 - 1 ms, about 24 days); a longer one would fire at once. */
const longestDelayMs = 2 ** 31 - 1;

/** Leaves for /login, to come back to where the user was (the session is gone, so no form can be kept). */
function toSignIn(notice?: "expired"): void {
  const here = `${window.location.pathname}${window.location.search}${window.location.hash}`;
  window.location.assign(signInHref(`${window.location.origin}${here}`, { notice }));
}

function after(ms: number, run: () => void): () => void {
  const timer = setTimeout(run, Math.min(Math.max(0, ms), longestDelayMs));
  return () => clearTimeout(timer);
}

export function SessionWatch() {
  const { t } = useText();
  const navigate = useNavigate();
  const { session, refresh } = useCurrentSession();
  // The end the dialog warned of: a session extended since has another end, and no dialog.
  const [warnedOf, setWarnedOf] = useState<number>();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string>();
  const expiresAt = session.expires_at ? Date.parse(session.expires_at) : undefined;

  useEffect(() => {
    if (expiresAt === undefined) return;
    // Ended already (a tab woken from sleep): nothing to warn of.
    if (expiresAt <= Date.now()) {
      toSignIn("expired");
      return;
    }
    const stopWarning = after(expiresAt - warnBeforeMs - Date.now(), () => setWarnedOf(expiresAt));
    const stopEnd = after(expiresAt - Date.now(), () => toSignIn("expired"));
    return () => {
      stopWarning();
      stopEnd();
    };
  }, [expiresAt]);

  useEffect(() => {
    const stopListening = onSignedOutElsewhere(() => toSignIn());
    // A tab that missed the message (asleep, or no BroadcastChannel) asks when it is looked at again.
    const check = () => {
      if (document.visibilityState !== "visible") return;
      void getSession().then((outcome) => {
        if (outcome.kind === "signed-out") toSignIn();
      });
    };
    window.addEventListener("focus", check);
    document.addEventListener("visibilitychange", check);
    return () => {
      stopListening();
      window.removeEventListener("focus", check);
      document.removeEventListener("visibilitychange", check);
    };
  }, []);

  async function stay() {
    setBusy(true);
    setFailure(undefined);
    try {
      await extendSession();
      await refresh();
    } catch (error) {
      setFailure(errorMessage(error));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Modal
      show={warnedOf !== undefined && warnedOf === expiresAt}
      backdrop="static"
      keyboard={false}
      aria-labelledby="session-end-title"
      centered
    >
      <Modal.Header>
        <Modal.Title id="session-end-title" as="h2" className="h5">
          {t("account.sessionEnd.title")}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        {failure && (
          <Alert variant="danger" className="py-2 small">
            {failure}
          </Alert>
        )}
        {expiresAt !== undefined && t("account.sessionEnd.body", { expiresAt: new Date(expiresAt) })}
      </Modal.Body>
      <Modal.Footer>
        <Button variant="outline-secondary" disabled={busy} onClick={() => void navigate(paths.logout)}>
          {t("account.sessionEnd.signOut")}
        </Button>
        <Button variant="primary" disabled={busy} onClick={() => void stay()}>
          {t("account.sessionEnd.stay")}
        </Button>
      </Modal.Footer>
    </Modal>
  );
}
