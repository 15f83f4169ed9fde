// /login: every way in Kratos offers (password, emailed code, passkey), the
// second factor at ?aal=aal2, and re-authentication at ?refresh=true.
import { useContext, useState } from "react";
import Alert from "react-bootstrap/Alert";
import Button from "react-bootstrap/Button";
import { useText } from "../../../lib/i18n/text";
import { Link, useSearchParams } from "react-router-dom";
import { FormAlerts, PublicCard } from "../../../lib/components/cards";
import { CurrentSessionContext, emailOf } from "../../../lib/current-session";
import { errorMessage } from "../../../lib/error-message";
import { FlowForm } from "../../../lib/flows/flow-form";
import { FlowMessages } from "../../../lib/flows/flow-messages";
import { FlowStatus } from "../../../lib/flows/flow-status";
import { ProviderButtons, providerGroup } from "../../../lib/flows/provider-buttons";
import { useFlow } from "../../../lib/flows/use-flow";
import { nextUrl } from "../../../lib/kratos/continue-with";
import { createLogoutUrl } from "../../../lib/kratos/create-logout-url";
import { announceSignedOut } from "../../../lib/session-broadcast";
import { flowQueryOf, returnToOf } from "#contract/flows.js";
import { href } from "#contract/paths.js";
import { useHydrated } from "../../../lib/use-hydrated";
import { registrationOpen } from "../registration-mode";

/** Password first, so pressing Enter in the password field signs in with it. */
const groupOrder = ["password", "code", "totp", "lookup_secret", "webauthn", "passkey"];

export function LoginPage() {
  const { t } = useText();
  const [params] = useSearchParams();
  const query = flowQueryOf("login", params);
  const controller = useFlow("login");
  const { flow, busy, submit } = controller;
  const [signOutFailure, setSignOutFailure] = useState<string>();
  const hydrated = useHydrated();

  const secondFactor = flow?.requested_aal === "aal2" || query.aal === "aal2";
  const refresh = flow?.refresh === true || query.refresh === "true";
  const title = secondFactor ? t("auth.login.secondFactorTitle") : refresh ? t("auth.login.refreshTitle") : t("auth.login.title");
  const returnTo = returnToOf(flow, params);
  // Kratos 1.3's refresh flow comes with an empty identifier field (the code method replaces the hidden one the
  // password method sets): the page fills in the signed-in address from the session that came with the page, so
  // the server's form and the app's first render hold it alike, and the form is not drawn anew over what was typed.
  const session = useContext(CurrentSessionContext)?.session;
  const signedInAs = refresh && session ? emailOf(session) : undefined;
  // Why the user is here when it was not their choice: the account was deleted, or the session ended.
  const notice = params.get("notice");

  async function signOut() {
    try {
      const url = await createLogoutUrl();
      announceSignedOut();
      window.location.assign(url);
    } catch (error) {
      setSignOutFailure(errorMessage(error));
    }
  }

  return (
    <PublicCard title={title}>
      <FormAlerts failure={signOutFailure} />
      {(notice === "deleted" || notice === "expired") && (
        <Alert variant="info" className="py-2 small">
          {t(notice === "deleted" ? "auth.login.accountDeleted" : "auth.login.sessionEnded")}
        </Alert>
      )}
      <FlowStatus controller={controller}>
        {(flow) => (
          <>
            <FlowMessages messages={flow.ui.messages} />
            <ProviderButtons flow={flow} busy={busy} onSubmit={(body) => void submit(body)} />
            <FlowForm
              flow={flow}
              order={groupOrder}
              exclude={(node) => node.group === providerGroup}
              initialValues={signedInAs ? { identifier: signedInAs } : undefined}
              busy={busy}
              aria-label={title}
              onSubmit={async (body) => {
                const result = await submit(body);
                if (result) window.location.assign(nextUrl(result.continue_with, returnTo));
              }}
            />
          </>
        )}
      </FlowStatus>
      <nav aria-label={t("common.moreOptions")} className="flow-links">
        {secondFactor || refresh ? (
          <Button variant="link" className="p-0" disabled={!hydrated} onClick={() => void signOut()}>
            {t("auth.login.signOut")}
          </Button>
        ) : (
          <>
            {registrationOpen() ? (
              <Link to={href("registration", { return_to: returnTo })}>{t("auth.login.createAccount")}</Link>
            ) : (
              <span>{t("auth.login.byInvitation")}</span>
            )}
            <Link to={href("recovery", { return_to: returnTo })}>{t("auth.login.forgotPassword")}</Link>
          </>
        )}
      </nav>
    </PublicCard>
  );
}
