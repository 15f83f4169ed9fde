// /recovery: email, then the code from the mail. Kratos then signs the user in
// and answers 422 browser_location_change_required towards its settings flow,
// which this portal shows on the Recovery page (/changepwd) instead of /settings.
import { useText } from "../../../lib/i18n/text";
import { Link, useSearchParams } from "react-router-dom";
import { PublicCard } from "../../../lib/components/cards";
import { FlowForm } from "../../../lib/flows/flow-form";
import { FlowMessages } from "../../../lib/flows/flow-messages";
import { FlowStatus } from "../../../lib/flows/flow-status";
import { useFlow } from "../../../lib/flows/use-flow";
import { returnToOf, signInHref } from "#contract/flows.js";
import { href } from "#contract/paths.js";
import { settingsFlowIn } from "../../../lib/kratos/continue-with";

export function RecoveryPage() {
  const { t } = useText();
  const [params] = useSearchParams();
  const controller = useFlow("recovery", {
    onRedirect: (url) => {
      const settingsFlow = settingsFlowIn(url);
      if (!settingsFlow) return false;
      // A full page load: the shell must see the session recovery just started.
      window.location.assign(href("changePassword", { flow: settingsFlow }));
      return true;
    },
  });
  const { flow, busy, submit } = controller;

  return (
    <PublicCard title={t("auth.recovery.title")}>
      <FlowStatus controller={controller}>
        {(flow) => (
          <>
            <FlowMessages messages={flow.ui.messages} />
            <FlowForm flow={flow} busy={busy} aria-label={t("auth.recovery.title")} onSubmit={(body) => void submit(body)} />
          </>
        )}
      </FlowStatus>
      <nav aria-label={t("common.moreOptions")} className="flow-links">
        <Link to={signInHref(returnToOf(flow, params))}>{t("auth.recovery.backToSignIn")}</Link>
      </nav>
    </PublicCard>
  );
}
