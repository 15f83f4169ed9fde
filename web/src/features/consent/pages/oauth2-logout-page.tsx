// /logout?logout_challenge=…: an application (or Hydra itself) asks to end the
// user's sign-in. The user confirms; the BFF accepts at Hydra, which ends the
// Kratos session too, and the browser follows Hydra's redirect_to.
import { useMutation, useQuery } from "@tanstack/react-query";
import Button from "react-bootstrap/Button";
import { useText } from "../../../lib/i18n/text";
import { Link } from "react-router-dom";
import { FormAlerts } from "../../../lib/components/cards";
import { apiProblemOf, isRetryable } from "../../../lib/api-problem";
import { errorMessage } from "../../../lib/error-message";
import { useHydrated } from "../../../lib/use-hydrated";
import { href } from "#contract/paths.js";
import { acceptLogout } from "../api/accept-logout";
import { logoutRequestQueryOptions } from "../api/get-logout-request";
import { RequestCard, RequestFailed, Waiting } from "../components/request-status";

export function OAuth2LogoutPage({ challenge }: { challenge: string }) {
  const { t } = useText();
  const request = useQuery(logoutRequestQueryOptions(challenge));
  const hydrated = useHydrated();
  const signOut = useMutation({ mutationFn: () => acceptLogout(challenge), onSuccess: (url) => window.location.assign(url) });

  if (request.isError) {
    return (
      <RequestFailed
        title={t("oauth2Logout.failedTitle")}
        message={errorMessage(request.error)}
        onRetry={isRetryable(apiProblemOf(request.error)) ? () => void request.refetch() : undefined}
      >
        {(primary) => (
          <Link to={href("logout")} className={primary ? "btn btn-primary" : "btn btn-link"}>
            {t("oauth2Logout.signOutOfAccount")}
          </Link>
        )}
      </RequestFailed>
    );
  }
  if (signOut.isSuccess) return <Waiting label={t("oauth2Logout.leaving")} />;
  if (!request.data) return <Waiting label={t("common.loading")} />;

  const name = request.data.application?.client_name;
  return (
    <RequestCard>
      <h1 className="h4 mb-3">{name ? t("oauth2Logout.title", { name }) : t("oauth2Logout.titleUnnamed")}</h1>
      <p>{name ? t("oauth2Logout.text", { name }) : t("oauth2Logout.textUnnamed")}</p>
      <FormAlerts failure={signOut.error ? errorMessage(signOut.error) : undefined} />
      <div className="d-flex flex-wrap gap-2">
        {/* Only the script can answer Hydra: in the server's page, before it arrives, the button says so. */}
        <Button disabled={signOut.isPending || !hydrated} onClick={() => signOut.mutate()}>
          {hydrated ? t("oauth2Logout.signOut") : t("flows.scriptLoading", { label: t("oauth2Logout.signOut") })}
        </Button>
        <Link to={href("home")} className="btn btn-outline-secondary">
          {t("oauth2Logout.stay")}
        </Link>
      </div>
    </RequestCard>
  );
}
