// /logout: asks Kratos for a browser logout flow and follows its logout URL;
// Kratos ends the session and sends the browser on to /login. With Hydra's
// ?logout_challenge=, an application asks instead, and the user confirms first.
import { useQuery } from "@tanstack/react-query";
import { useEffect } from "react";
import Alert from "react-bootstrap/Alert";
import Button from "react-bootstrap/Button";
import Card from "react-bootstrap/Card";
import Spinner from "react-bootstrap/Spinner";
import { useText } from "../../lib/i18n/text";
import { Navigate, useSearchParams } from "react-router-dom";
import { OAuth2LogoutPage } from "../../features/consent";
import { createLogoutUrl } from "../../lib/kratos/create-logout-url";
import { failureOf } from "../../lib/kratos/errors";
import { announceSignedOut } from "../../lib/session-broadcast";
import { paths } from "#contract/paths.js";

export function LogoutPage() {
  const [params] = useSearchParams();
  const challenge = params.get("logout_challenge");
  return challenge ? <OAuth2LogoutPage challenge={challenge} /> : <AccountLogout />;
}

function AccountLogout() {
  const { t } = useText();
  // A logout URL is good for one use: never kept for another visit.
  const logout = useQuery({ queryKey: ["logout-url"], queryFn: () => createLogoutUrl(), gcTime: 0 });

  useEffect(() => {
    if (!logout.data) return;
    announceSignedOut();
    window.location.assign(logout.data);
  }, [logout.data]);

  // 401 session_inactive: there is no session to end, so the user is already signed out.
  if (logout.isError && failureOf(logout.error).status === 401) return <Navigate to={paths.login} replace />;

  return (
    <Card className="card-narrow shadow-sm">
      <Card.Body className="p-4 text-center">
        <h1 className="h4">{t("app.logout.title")}</h1>
        {logout.isError ? (
          <>
            <Alert variant="danger" className="text-start">
              {t("app.logout.failed")}
            </Alert>
            <Button onClick={() => void logout.refetch()}>{t("common.tryAgain")}</Button>
          </>
        ) : (
          <div role="status" aria-label={t("app.logout.title")} className="py-2">
            <Spinner animation="border" variant="primary" aria-hidden="true" />
          </div>
        )}
      </Card.Body>
    </Card>
  );
}
