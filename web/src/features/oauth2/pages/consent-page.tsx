// /consent?consent_challenge=…: Hydra asks the portal whether the signed-in
// user lets an application use their account. The page shows the application
// and what it asks for in words; the BFF answers Hydra, and the browser follows
// Hydra's redirect_to back to the application.
import { useEffect, useId, useState } from "react";
import Alert from "react-bootstrap/Alert";
import Button from "react-bootstrap/Button";
import Card from "react-bootstrap/Card";
import Form from "react-bootstrap/Form";
import Spinner from "react-bootstrap/Spinner";
import { Link, useNavigate, useSearchParams } from "react-router-dom";
import { ApiError } from "../../../lib/api";
import { displayName, useCurrentSession } from "../../../lib/current-session";
import { describeScope } from "../../../lib/oauth2-scopes";
import { href } from "../../../lib/paths";
import { acceptConsent } from "../api/accept-consent";
import { getConsentRequest, type ConsentRequest } from "../api/get-consent-request";
import { rejectConsent } from "../api/reject-consent";
import { webUrl } from "../web-url";

type PageState =
  | { kind: "loading" }
  /** Hydra's redirect_to is being followed; the page stays until the browser leaves. */
  | { kind: "leaving" }
  | { kind: "ask"; request: ConsentRequest }
  /** retry: the failure may pass (the portal or Hydra unreachable); otherwise the request is over. */
  | { kind: "failed"; message: string; retry: boolean };

const missingChallenge =
  "This page answers an application that asks to use your account, and this address names none. Start again from the application.";

export function ConsentPage() {
  const [params] = useSearchParams();
  const challenge = params.get("consent_challenge") ?? "";
  const navigate = useNavigate();
  const [state, setState] = useState<PageState>(challenge ? { kind: "loading" } : { kind: "failed", message: missingChallenge, retry: false });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (!challenge) return;
    const controller = new AbortController();
    setState({ kind: "loading" });
    getConsentRequest(challenge, controller.signal).then(
      (answer) => {
        // A remembered decision or a client that skips consent: the BFF already answered Hydra.
        if ("redirect_to" in answer) {
          setState({ kind: "leaving" });
          window.location.assign(answer.redirect_to);
        } else {
          setState({ kind: "ask", request: answer });
        }
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        if (error instanceof ApiError && error.status === 401) {
          navigate(href("login", { return_to: window.location.href }), { replace: true });
          return;
        }
        setState(failedState(error));
      },
    );
    return () => controller.abort();
  }, [challenge, attempt, navigate]);

  return (
    <Card className="card-narrow shadow-sm">
      <Card.Body className="p-4">
        {state.kind === "ask" ? (
          <ConsentQuestion request={state.request} onLeave={() => setState({ kind: "leaving" })} />
        ) : state.kind === "failed" ? (
          <>
            <h1 className="h4 mb-3">The application's request cannot be answered</h1>
            <Alert variant="danger" className="py-2 small">
              {state.message}
            </Alert>
            <div className="d-flex flex-wrap gap-2">
              {state.retry && <Button onClick={() => setAttempt(attempt + 1)}>Try again</Button>}
              <Link to={href("settings")} className={state.retry ? "btn btn-link" : "btn btn-primary"}>
                Go to your account
              </Link>
            </div>
          </>
        ) : (
          <div role="status" className="d-flex align-items-center gap-2 text-body-secondary py-2">
            <Spinner animation="border" size="sm" aria-hidden="true" />
            <span>{state.kind === "leaving" ? "Returning to the application…" : "Loading the application's request…"}</span>
          </div>
        )}
      </Card.Body>
    </Card>
  );
}

function ConsentQuestion({ request, onLeave }: { request: ConsentRequest; onLeave: () => void }) {
  const { session } = useCurrentSession();
  const navigate = useNavigate();
  const [remember, setRemember] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string>();
  const listId = useId();
  const rememberHelpId = useId();
  const { application } = request;
  const name = application.client_name;
  const logo = webUrl(application.logo_uri);
  const site = webUrl(application.client_uri);
  const email = (session.identity.traits as { email?: unknown }).email;

  async function decide(answer: () => Promise<{ redirect_to: string }>) {
    setBusy(true);
    setFailure(undefined);
    try {
      const { redirect_to: redirectTo } = await answer();
      onLeave();
      window.location.assign(redirectTo);
    } catch (error) {
      setBusy(false);
      if (error instanceof ApiError && error.status === 401) {
        navigate(href("login", { return_to: window.location.href }), { replace: true });
        return;
      }
      setFailure(failedState(error).message);
    }
  }

  return (
    <>
      <div className="d-flex align-items-center gap-3 mb-3">
        {logo && <img src={logo} alt="" width={48} height={48} className="rounded flex-shrink-0" />}
        <h1 className="h4 mb-0">{name} wants to use your account</h1>
      </div>
      {site && (
        <p className="small mb-2">
          <a href={site} target="_blank" rel="noopener noreferrer">
            {site}
          </a>
        </p>
      )}
      <p className="small text-body-secondary">
        Signed in as {displayName(session)}
        {typeof email === "string" && email !== displayName(session) ? ` (${email})` : ""}.
      </p>
      {failure && (
        <Alert variant="danger" className="py-2 small">
          {failure}
        </Alert>
      )}
      {request.requested_scope.length > 0 ? (
        <>
          <p id={listId} className="mb-2">
            If you allow it, {name} can:
          </p>
          <ul aria-labelledby={listId}>
            {request.requested_scope.map((scope) => {
              const { words } = describeScope(scope);
              return <li key={scope}>{words ?? <code>{scope}</code>}</li>;
            })}
          </ul>
        </>
      ) : (
        <p>{name} asks for no access beyond knowing that you signed in.</p>
      )}
      <div className="mb-3">
        <Form.Check
          id="consent-remember"
          checked={remember}
          disabled={busy}
          onChange={(event) => setRemember(event.currentTarget.checked)}
          label="Remember my decision"
          aria-describedby={rememberHelpId}
        />
        <Form.Text id={rememberHelpId}>
          {name} will not ask again. You can take the access back under Connected apps in your account settings.
        </Form.Text>
      </div>
      <div className="d-flex flex-wrap gap-2">
        <Button
          disabled={busy}
          onClick={() =>
            void decide(() => acceptConsent({ consent_challenge: request.challenge, grant_scope: request.requested_scope, remember }))
          }
        >
          Allow
        </Button>
        <Button variant="outline-secondary" disabled={busy} onClick={() => void decide(() => rejectConsent(request.challenge))}>
          Deny
        </Button>
      </div>
    </>
  );
}

function failedState(error: unknown): { kind: "failed"; message: string; retry: boolean } {
  if (!(error instanceof ApiError)) return { kind: "failed", message: "Something went wrong. Please try again.", retry: true };
  // 0: the portal was not reached; 502/503: Hydra was not. Both may pass; an unknown, answered or foreign request will not.
  return { kind: "failed", message: error.message, retry: error.status === 0 || error.status >= 500 };
}
