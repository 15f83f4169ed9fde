// /logout: asks Kratos for a browser logout flow and follows its logout URL;
// Kratos ends the session and sends the browser on to /login. With Hydra's
// ?logout_challenge=, an application asks instead, and the user confirms first.
import { useEffect, useState } from "react";
import Alert from "react-bootstrap/Alert";
import Button from "react-bootstrap/Button";
import Card from "react-bootstrap/Card";
import Spinner from "react-bootstrap/Spinner";
import { useNavigate, useSearchParams } from "react-router-dom";
import { OAuth2LogoutPage } from "../../features/oauth2";
import { createLogoutUrl } from "../../lib/kratos/create-logout-url";
import { failureOf } from "../../lib/kratos/errors";
import { paths } from "../../lib/paths";

export function LogoutPage() {
  const [params] = useSearchParams();
  const challenge = params.get("logout_challenge");
  return challenge ? <OAuth2LogoutPage challenge={challenge} /> : <AccountLogout />;
}

function AccountLogout() {
  const navigate = useNavigate();
  const [attempt, setAttempt] = useState(0);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let current = true;
    createLogoutUrl()
      .then((logoutUrl) => {
        if (current) window.location.assign(logoutUrl);
      })
      .catch((error: unknown) => {
        if (!current) return;
        // 401 session_inactive: there is no session to end, so the user is already signed out.
        if (failureOf(error).status === 401) navigate(paths.login, { replace: true });
        else setFailed(true);
      });
    return () => {
      current = false;
    };
  }, [attempt, navigate]);

  return (
    <Card className="card-narrow shadow-sm">
      <Card.Body className="p-4 text-center">
        <h1 className="h4">Signing out</h1>
        {failed ? (
          <>
            <Alert variant="danger" className="text-start">
              We could not sign you out. Please try again.
            </Alert>
            <Button
              onClick={() => {
                setFailed(false);
                setAttempt(attempt + 1);
              }}
            >
              Try again
            </Button>
          </>
        ) : (
          <div role="status" aria-label="Signing out" className="py-2">
            <Spinner animation="border" variant="primary" aria-hidden="true" />
          </div>
        )}
      </Card.Body>
    </Card>
  );
}
