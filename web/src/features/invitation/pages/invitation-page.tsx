// /invitation?token=…: the mailed invitation link. Opening it only welcomes
// the invitee by the name the invitation holds (a mail scanner that fetches
// the link spends nothing); the button accepts, signs them in through Kratos'
// recovery flow and takes them to Account Settings to choose a password. A
// link that is expired, used or replaced says so, and whom to ask.
import { useQuery } from "@tanstack/react-query";
import Alert from "react-bootstrap/Alert";
import Button from "react-bootstrap/Button";
import Spinner from "react-bootstrap/Spinner";
import { useText } from "../../../lib/i18n/text";
import { useSearchParams } from "react-router-dom";
import { href } from "#contract/paths.js";
import { PublicCard } from "../../../lib/components/cards";
import { Loading } from "../../../lib/components/loading";
import { ApiError } from "../../../lib/api-client";
import { codeMessage, errorMessage } from "../../../lib/error-message";
import { useHydrated } from "../../../lib/use-hydrated";
import { useAcceptInvitation } from "../api/accept-invitation";
import { invitationQueryOptions } from "../api/get-invitation";

/** The link's own refusals in their words (a 410 is no application's answered request here), anything else as usual. */
function problemMessage(error: unknown): string {
  const code = error instanceof ApiError ? error.details.code : undefined;
  return code === "invitation_invalid" || code === "invitation_expired" || code === "invitation_used"
    ? codeMessage(code)
    : errorMessage(error);
}

export function InvitationPage() {
  const { t } = useText();
  const [params] = useSearchParams();
  const token = params.get("token") ?? "";
  const welcome = useQuery({ ...invitationQueryOptions(token), enabled: token !== "" });
  const accept = useAcceptInvitation();
  const hydrated = useHydrated();

  if (token === "" || welcome.isError) {
    return (
      <PublicCard title={t("invitation.problemTitle")}>
        <Alert variant="warning">{welcome.isError ? problemMessage(welcome.error) : codeMessage("invitation_invalid")}</Alert>
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
          {problemMessage(accept.error)}
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
