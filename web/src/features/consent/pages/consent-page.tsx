// /consent?consent_challenge=…: Hydra asks the portal whether the signed-in
// user lets an application use their account. The page shows the application
// and what it asks for in words; the BFF answers Hydra, and the browser follows
// Hydra's redirect_to back to the application.
import { useMutation, useQuery } from "@tanstack/react-query";
import { useEffect, useId, useState } from "react";
import Button from "react-bootstrap/Button";
import Form from "react-bootstrap/Form";
import { useText } from "../../../lib/i18n/text";
import { Link, Navigate, useSearchParams } from "react-router-dom";
import { apiProblemOf, isRetryable } from "../../../lib/api-problem";
import { FormAlerts } from "../../../lib/components/cards";
import { ScopeList } from "../../../lib/components/scope-list";
import { displayName, useCurrentSession } from "../../../lib/current-session";
import { errorMessage } from "../../../lib/error-message";
import { signInHref } from "#contract/flows.js";
import { href } from "#contract/paths.js";
import { safeRedirect } from "../../../lib/redirect";
import { useHydrated } from "../../../lib/use-hydrated";
import { acceptConsent } from "../api/accept-consent";
import { consentRequestQueryOptions, type ConsentRequest } from "../api/get-consent-request";
import { rejectConsent } from "../api/reject-consent";
import { RequestCard, RequestFailed, Waiting } from "../components/request-status";

/** The portal session ended meanwhile: sign in and come back to the same request. */
const signInAgain = () => signInHref(window.location.href);
const isSignedOut = (error: unknown) => apiProblemOf(error)?.kind === "signed-out";

/**
 * Hydra's redirect, followed once per page: its verifier works once, and a second navigation to it (the page
 * mounted again) could reach Hydra after the first and fail the application's sign-in.
 */
let leaving: string | undefined;
function leaveOnce(url: string) {
  if (leaving === url) return;
  leaving = url;
  window.location.assign(url);
}

export function ConsentPage() {
  const { t } = useText();
  const [params] = useSearchParams();
  const challenge = params.get("consent_challenge") ?? "";
  const answer = useQuery({ ...consentRequestQueryOptions(challenge), enabled: challenge !== "" });
  // A remembered decision or a client that skips consent: the BFF already answered Hydra.
  const leaveTo = answer.data?.kind === "leave" ? answer.data.url : undefined;

  useEffect(() => {
    if (leaveTo) leaveOnce(leaveTo);
  }, [leaveTo]);

  const accountLink = (primary: boolean) => (
    <Link to={href("settings")} className={primary ? "btn btn-primary" : "btn btn-link"}>
      {t("common.goToAccount")}
    </Link>
  );

  if (!challenge) {
    return (
      <RequestFailed title={t("consent.failedTitle")} message={t("consent.missingChallenge")}>
        {accountLink}
      </RequestFailed>
    );
  }
  if (answer.isError) {
    if (isSignedOut(answer.error)) return <Navigate to={signInAgain()} replace />;
    return (
      <RequestFailed
        title={t("consent.failedTitle")}
        message={errorMessage(answer.error)}
        onRetry={isRetryable(apiProblemOf(answer.error)) ? () => void answer.refetch() : undefined}
      >
        {accountLink}
      </RequestFailed>
    );
  }
  if (answer.data?.kind === "ask") return <ConsentQuestion request={answer.data.request} />;
  return <Waiting label={leaveTo ? t("consent.leaving") : t("consent.loading")} />;
}

function ConsentQuestion({ request }: { request: ConsentRequest }) {
  const { t } = useText();
  const { session } = useCurrentSession();
  const [remember, setRemember] = useState(false);
  const hydrated = useHydrated();
  const listId = useId();
  const rememberHelpId = useId();
  const decide = useMutation({
    mutationFn: (allow: boolean) =>
      allow
        ? acceptConsent({ consent_challenge: request.challenge, grant_scope: request.requested_scope, remember })
        : rejectConsent(request.challenge),
    onSuccess: (url) => window.location.assign(url),
  });

  if (decide.isError && isSignedOut(decide.error)) return <Navigate to={signInAgain()} replace />;
  if (decide.isSuccess) return <Waiting label={t("consent.leaving")} />;

  const busy = decide.isPending;
  // The server's page is drawn before the script arrives, and only the script can answer: until then the
  // buttons say that they are loading.
  const scriptless = !hydrated;
  const label = (text: string) => (scriptless ? t("flows.scriptLoading", { label: text }) : text);
  const { application } = request;
  const name = application.client_name;
  const logo = safeRedirect(application.logo_uri, { kind: "web" });
  const site = safeRedirect(application.client_uri, { kind: "web" });
  const email = (session.identity.traits as { email?: unknown }).email;
  const user = displayName(session);

  return (
    <RequestCard>
      <div className="d-flex align-items-center gap-3 mb-3">
        {logo && <img src={logo} alt="" width={48} height={48} className="rounded flex-shrink-0" />}
        <h1 className="h4 mb-0">{t("consent.wantsAccess", { name })}</h1>
      </div>
      {site && (
        <p className="small mb-2">
          <a href={site} target="_blank" rel="noopener noreferrer">
            {site}
          </a>
        </p>
      )}
      <p className="small text-body-secondary">
        {typeof email === "string" && email !== user
          ? t("consent.signedInAsWithEmail", { name: user, email })
          : t("consent.signedInAs", { name: user })}
      </p>
      <FormAlerts failure={decide.error ? errorMessage(decide.error) : undefined} />
      {request.requested_scope.length > 0 ? (
        <>
          <p id={listId} className="mb-2">
            {t("consent.canDo", { name })}
          </p>
          <ScopeList scopes={request.requested_scope} labelledBy={listId} />
        </>
      ) : (
        <p>{t("consent.nothingAsked", { name })}</p>
      )}
      <div className="mb-3">
        <Form.Check
          id="consent-remember"
          checked={remember}
          disabled={busy || scriptless}
          onChange={(event) => setRemember(event.currentTarget.checked)}
          label={t("consent.remember")}
          aria-describedby={rememberHelpId}
        />
        <Form.Text id={rememberHelpId}>{t("consent.rememberHelp", { name })}</Form.Text>
      </div>
      <div className="d-flex flex-wrap gap-2">
        <Button disabled={busy || scriptless} onClick={() => decide.mutate(true)}>
          {label(t("consent.allow"))}
        </Button>
        <Button variant="outline-secondary" disabled={busy || scriptless} onClick={() => decide.mutate(false)}>
          {label(t("consent.deny"))}
        </Button>
      </div>
    </RequestCard>
  );
}
