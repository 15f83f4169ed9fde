// The person's page's first card: who they are and what their account has.
import Card from "react-bootstrap/Card";
import { useText } from "../../../lib/i18n/text";
import { EmailAddress } from "../../../lib/components/email-address";
import { useFormatDateTime } from "../../../lib/format";
import type { UserDetail } from "../api/user-types";
import { BackLink } from "./back-link";
import { LockBadge, Providers, SecondFactors, StateBadge } from "./user-facts";

export function AccountCard({ user, headingId }: { user: UserDetail["user"]; headingId: string }) {
  const { t } = useText();
  // The server renders the page too: dates as the reader's once the app runs.
  const formatDateTime = useFormatDateTime();
  return (
    <Card as="section" aria-labelledby={headingId} className="shadow-sm mb-4">
      <Card.Body className="p-4">
        <p className="small mb-2">
          <BackLink />
        </p>
        <h1 id={headingId} className="h4 mb-1">
          {user.name || user.email}
        </h1>
        <p className="text-body-secondary mb-3">
          <EmailAddress address={user.email} />
        </p>
        <dl className="row small mb-0">
          <dt className="col-sm-4">{t("users.columns.verified")}</dt>
          <dd className="col-sm-8">{user.verified ? t("users.yes") : t("users.no")}</dd>
          <dt className="col-sm-4">{t("users.columns.state")}</dt>
          <dd className="col-sm-8">
            <StateBadge state={user.state} /> <LockBadge until={user.locked_until} />
          </dd>
          <dt className="col-sm-4">{t("users.columns.roles")}</dt>
          <dd className="col-sm-8">{user.roles.length > 0 ? user.roles.join(", ") : t("users.noRoles")}</dd>
          <dt className="col-sm-4">{t("users.columns.secondFactors")}</dt>
          <dd className="col-sm-8">
            <SecondFactors factors={user.second_factors} />
          </dd>
          <dt className="col-sm-4">{t("users.columns.providers")}</dt>
          <dd className="col-sm-8">
            <Providers providers={user.providers} />
          </dd>
          <dt className="col-sm-4">{t("users.columns.lastSignIn")}</dt>
          <dd className="col-sm-8">{user.last_sign_in ? formatDateTime(user.last_sign_in) : t("users.notSignedIn")}</dd>
          <dt className="col-sm-4">{t("users.account.created")}</dt>
          <dd className="col-sm-8">{formatDateTime(user.created_at)}</dd>
          <dt className="col-sm-4">{t("users.account.id")}</dt>
          <dd className="col-sm-8 font-monospace text-break">{user.id}</dd>
        </dl>
      </Card.Body>
    </Card>
  );
}
