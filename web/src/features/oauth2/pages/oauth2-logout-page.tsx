// /logout?logout_challenge=…: an application (or Hydra itself) asks to end the
// user's sign-in. The user confirms; the BFF accepts at Hydra, which ends the
// Kratos session too, and the browser follows Hydra's redirect_to.
import { useEffect, useState } from "react";
import Alert from "react-bootstrap/Alert";
import Button from "react-bootstrap/Button";
import Card from "react-bootstrap/Card";
import Spinner from "react-bootstrap/Spinner";
import { Link } from "react-router-dom";
import { ApiError } from "../../../lib/api";
import { href } from "../../../lib/paths";
import { acceptLogout } from "../api/accept-logout";
import { getLogoutRequest, type LogoutRequest } from "../api/get-logout-request";

type PageState =
  | { kind: "loading" }
  | { kind: "leaving" }
  | { kind: "confirm"; request: LogoutRequest; failure?: string; busy?: boolean }
  | { kind: "failed"; message: string; retry: boolean };

export function OAuth2LogoutPage({ challenge }: { challenge: string }) {
  const [state, setState] = useState<PageState>({ kind: "loading" });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    const controller = new AbortController();
    setState({ kind: "loading" });
    getLogoutRequest(challenge, controller.signal).then(
      (request) => setState({ kind: "confirm", request }),
      (error: unknown) => {
        if (!controller.signal.aborted) setState({ kind: "failed", ...failureOf(error) });
      },
    );
    return () => controller.abort();
  }, [challenge, attempt]);

  async function signOut(request: LogoutRequest) {
    setState({ kind: "confirm", request, busy: true });
    try {
      const { redirect_to: redirectTo } = await acceptLogout(request.challenge);
      setState({ kind: "leaving" });
      window.location.assign(redirectTo);
    } catch (error) {
      setState({ kind: "confirm", request, failure: failureOf(error).message });
    }
  }

  if (state.kind === "confirm") {
    const name = state.request.application?.client_name;
    return (
      <Card className="card-narrow shadow-sm">
        <Card.Body className="p-4">
          <h1 className="h4 mb-3">{name ? `Sign out of ${name}?` : "Sign out?"}</h1>
          <p>
            {name ? `You will be signed out of ${name}` : "You will be signed out of the applications you signed in to"}, and of
            your account on this device.
          </p>
          {state.failure && (
            <Alert variant="danger" className="py-2 small">
              {state.failure}
            </Alert>
          )}
          <div className="d-flex flex-wrap gap-2">
            <Button disabled={state.busy} onClick={() => void signOut(state.request)}>
              Sign out
            </Button>
            <Link to={href("home")} className="btn btn-outline-secondary">
              Stay signed in
            </Link>
          </div>
        </Card.Body>
      </Card>
    );
  }

  return (
    <Card className="card-narrow shadow-sm">
      <Card.Body className="p-4">
        {state.kind === "failed" ? (
          <>
            <h1 className="h4 mb-3">Signing out of the application failed</h1>
            <Alert variant="danger" className="py-2 small">
              {state.message}
            </Alert>
            <div className="d-flex flex-wrap gap-2">
              {state.retry && <Button onClick={() => setAttempt(attempt + 1)}>Try again</Button>}
              <Link to={href("logout")} className={state.retry ? "btn btn-link" : "btn btn-primary"}>
                Sign out of your account
              </Link>
            </div>
          </>
        ) : (
          <div role="status" className="d-flex align-items-center gap-2 text-body-secondary py-2">
            <Spinner animation="border" size="sm" aria-hidden="true" />
            <span>{state.kind === "leaving" ? "Signing out…" : "Loading…"}</span>
          </div>
        )}
      </Card.Body>
    </Card>
  );
}

function failureOf(error: unknown): { message: string; retry: boolean } {
  if (!(error instanceof ApiError)) return { message: "Something went wrong. Please try again.", retry: true };
  // 0: the portal was not reached; 502/503: Hydra was not. An unknown or answered request stays so.
  return { message: error.message, retry: error.status === 0 || error.status >= 500 };
}
