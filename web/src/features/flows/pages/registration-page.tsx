// /registration: Kratos 1.3's two steps (traits, then a credential: password,
// emailed code or passkey). Signing up signs in and mails a verification code;
// the user is taken to where that code is entered.
import { Link, useSearchParams } from "react-router-dom";
import { href } from "../../../lib/paths";
import { redirectTarget, verificationFlowId } from "../continue-with";
import { FlowForm } from "../flow-form";
import { FlowMessages } from "../flow-messages";
import { FlowAlerts, Loading, PublicCard } from "../layout";
import { useFlow } from "../use-flow";

/** "Back" (profile group) comes last on the second screen. */
const groupOrder = ["password", "code", "passkey", "webauthn", "profile"];

export function RegistrationPage() {
  const [params] = useSearchParams();
  const query = { return_to: params.get("return_to") ?? undefined };
  const { flow, notice, failure, busy, submit } = useFlow("registration", { browserQuery: query });
  const returnTo = flow?.return_to ?? query.return_to;

  return (
    <PublicCard title="Create account">
      <FlowAlerts notice={notice} failure={failure} />
      {!flow ? (
        <Loading />
      ) : (
        <>
          <FlowMessages messages={flow.ui.messages} />
          <FlowForm
            flow={flow}
            order={groupOrder}
            busy={busy}
            aria-label="Create account"
            onSubmit={async (body) => {
              const result = await submit(body);
              if (!result) return;
              // A full page load, so the shell sees the session the registration started.
              const verification = verificationFlowId(result.continue_with);
              window.location.assign(
                verification
                  ? href("verification", { flow: verification })
                  : (redirectTarget(result.continue_with) ?? returnTo ?? href("home")),
              );
            }}
          />
        </>
      )}
      <nav aria-label="More options" className="flow-links">
        <span>
          Already have an account? <Link to={href("login", { return_to: returnTo })}>Sign in</Link>
        </span>
      </nav>
    </PublicCard>
  );
}
