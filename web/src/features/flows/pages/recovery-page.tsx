// /recovery: email, then the code from the mail. Kratos then signs the user in
// and answers 422 browser_location_change_required towards its settings flow,
// which this portal shows on the Recovery page (/changepwd) instead of /settings.
import { Link, useSearchParams } from "react-router-dom";
import { href, paths } from "../../../lib/paths";
import { FlowForm } from "../flow-form";
import { FlowMessages } from "../flow-messages";
import { FlowAlerts, Loading, PublicCard } from "../layout";
import { useFlow } from "../use-flow";

export function RecoveryPage() {
  const [params] = useSearchParams();
  const query = { return_to: params.get("return_to") ?? undefined };
  const { flow, notice, failure, busy, submit } = useFlow("recovery", {
    browserQuery: query,
    onRedirect: (url) => {
      const settingsFlow = settingsFlowIn(url);
      if (!settingsFlow) return false;
      // A full page load: the shell must see the session recovery just started.
      window.location.assign(href("changePassword", { flow: settingsFlow }));
      return true;
    },
  });

  return (
    <PublicCard title="Recover your account">
      <FlowAlerts notice={notice} failure={failure} />
      {!flow ? (
        <Loading />
      ) : (
        <>
          <FlowMessages messages={flow.ui.messages} />
          <FlowForm flow={flow} busy={busy} aria-label="Recover your account" onSubmit={(body) => void submit(body)} />
        </>
      )}
      <nav aria-label="More options" className="flow-links">
        <Link to={href("login", { return_to: flow?.return_to ?? query.return_to })}>Back to sign in</Link>
      </nav>
    </PublicCard>
  );
}

/** The settings flow id when Kratos sends the browser to this portal's settings page. */
export function settingsFlowIn(url: string): string | undefined {
  const target = new URL(url, window.location.origin);
  if (target.origin !== window.location.origin || target.pathname !== paths.settings) return undefined;
  return target.searchParams.get("flow") ?? undefined;
}
