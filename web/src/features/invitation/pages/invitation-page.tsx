// /invitation?token=…: the mailed invitation link. Opening it only welcomes
// the invitee by the name the invitation holds (a mail scanner that fetches
// the link spends nothing); the button accepts, signs them in through Kratos'
// recovery flow and takes them to Account Settings to choose a password. A
// link that is expired, used or replaced says so, and whom to ask.
import { useQuery } from "@tanstack/react-query";
import Alert from "react-bootstrap/Alert";
import Button from "react-bootstrap/Button";
import Spinner from "react-bootstrap/Spinner";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router-dom";
import { href } from "#contract/paths.js";
import { PublicCard } from "../../../lib/components/cards";
import { Loading } from "../../../lib/components/loading";
import { errorMessage } from "../../../lib/error-message";
import { useHydrated } from "../../../lib/use-hydrated";
import { useAcceptInvitation } from "../api/accept-invitation";
import { invitationQueryOptions } from "../api/get-invitation";

export function InvitationPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const token = params.get("token") ?? "";
  const welcome = useQuery({ ...invitationQueryOptions(token), enabled: token !== "" });
  const accept = useAcceptInvitation();
  const hydrated = useHydrated();

  if (token === "" || welcome.isError) {
    return (
      <PublicCard title={t("invitation.problemTitle")}>
        <Alert variant="warning">{welcome.isError ? errorMessage(welcome.error) : t("errors.api.invitation_invalid")}</Alert>
        <div className="d-grid">
          <Button href={href("login")} variant="outline-primary">
            {t("invitation.signIn")}
          </Button>
        </div>
      </PublicCard>
    );
  }

  if (!welcome.data) {
    return (
      <PublicCard title={t("invitation.titleUnnamed")}>
        <Loading label={t("invitation.loading")} />
      </PublicCard>
    );
  }

  const { name } = welcome.data;
  return (
    <PublicCard title={name === "" ? t("invitation.titleUnnamed") : t("invitation.title", { name })}>
      <p>{t("invitation.text")}</p>
      {accept.isError && (
        <Alert variant="danger" className="small">
          {errorMessage(accept.error)}
        </Alert>
      )}
      <div className="d-grid">
        <Button variant="primary" disabled={!hydrated || accept.isPending || accept.isSuccess} onClick={() => accept.mutate(token)}>
          {(accept.isPending || accept.isSuccess) && <Spinner animation="border" size="sm" className="me-2" aria-hidden="true" />}
          {t("invitation.accept")}
        </Button>
      </div>
    </PublicCard>
  );
}
