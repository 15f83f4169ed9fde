// /terms: a new version of the terms of service (TERMS_VERSION) asks a signed-in
// person to accept it once, before any other page (gate.ts); the server holds
// every other signed-in route until then (403 terms_required). Accepting records
// it (POST /api/account/terms) and returns to where they were going: return_to,
// a path of the portal only, followed and never shown. Someone who does not
// accept may still take their data or delete the account: the page shows what
// it is given for that (`alternatives`, composed in app/lazy-modules/terms.tsx).
import { useMutation } from "@tanstack/react-query";
import type { ReactNode } from "react";
import Button from "react-bootstrap/Button";
import { useText } from "../../../lib/i18n/text";
import { Link, Navigate, useSearchParams } from "react-router-dom";
import { paths } from "#contract/paths.js";
import { FormAlerts, PublicCard } from "../../../lib/components/cards";
import { useCurrentSession } from "../../../lib/current-session";
import { errorMessage } from "../../../lib/error-message";
import { safeInAppPath } from "../../../lib/redirect";
import { acceptTerms, termsLinks, TermsLinksText } from "../../../lib/terms";

export function TermsPage({ alternatives }: { alternatives?: ReactNode }) {
  const { t } = useText();
  const [params] = useSearchParams();
  const { session, refresh } = useCurrentSession();
  const returnTo = safeInAppPath(params.get("return_to")) ?? paths.home;
  const terms = termsLinks();
  const accept = useMutation({
    mutationFn: (version: string) => acceptTerms(version),
    // The session's answer no longer asks, and the gate lets the person on.
    onSuccess: refresh,
  });
  const pending = session.terms_pending;
  if (pending === undefined || !terms) return <Navigate to={returnTo} replace />;
  return (
    <PublicCard title={t("terms.title")}>
      <p>{t("terms.intro", { version: pending })}</p>
      <p>
        <TermsLinksText terms={terms} />
      </p>
      <FormAlerts failure={accept.error ? errorMessage(accept.error) : undefined} />
      <div className="d-flex flex-wrap gap-2 align-items-center">
        <Button
          variant="primary"
          disabled={accept.isPending}
          onClick={() => {
            accept.mutate(pending);
          }}
        >
          {t("terms.accept")}
        </Button>
        <Link to={paths.logout} className="btn btn-link">
          {t("terms.signOut")}
        </Link>
      </div>
      {alternatives && (
        <>
          <p className="mt-4 mb-3 text-body-secondary">{t("terms.declining")}</p>
          <div className="d-grid gap-3">{alternatives}</div>
        </>
      )}
    </PublicCard>
  );
}
