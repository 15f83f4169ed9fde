// /login: every way in Kratos offers (password, emailed code, passkey), the
// second factor at ?aal=aal2, and re-authentication at ?refresh=true.
import { useEffect, useState } from "react";
import Button from "react-bootstrap/Button";
import { Link, useSearchParams } from "react-router-dom";
import { kratos } from "../../../lib/kratos/client";
import { createLogoutUrl } from "../../../lib/kratos/create-logout-url";
import { errorMessageOf, failureOf } from "../../../lib/kratos/errors";
import { href } from "../../../lib/paths";
import { redirectTarget } from "../continue-with";
import { FlowForm } from "../flow-form";
import { FlowMessages } from "../flow-messages";
import { FlowAlerts, Loading, PublicCard } from "../layout";
import { useFlow } from "../use-flow";

/** Password first, so pressing Enter in the password field signs in with it. */
const groupOrder = ["password", "code", "totp", "lookup_secret", "webauthn", "passkey"];

export function LoginPage() {
  const [params] = useSearchParams();
  const query = {
    return_to: params.get("return_to") ?? undefined,
    aal: params.get("aal") ?? undefined,
    refresh: params.get("refresh") ?? undefined,
    login_challenge: params.get("login_challenge") ?? undefined,
  };
  const { flow, notice, failure, busy, submit } = useFlow("login", { browserQuery: query });
  const [signOutFailure, setSignOutFailure] = useState<string>();

  const secondFactor = flow?.requested_aal === "aal2" || query.aal === "aal2";
  const refresh = flow?.refresh === true || query.refresh === "true";
  const title = secondFactor ? "Two-factor authentication" : refresh ? "Confirm it's you" : "Sign in";
  const returnTo = flow?.return_to ?? query.return_to;
  const signedInAs = useSignedInEmail(refresh);

  async function signOut() {
    try {
      window.location.assign(await createLogoutUrl());
    } catch (error) {
      setSignOutFailure(errorMessageOf(failureOf(error).body) ?? "Signing out failed. Please try again.");
    }
  }

  return (
    <PublicCard title={title}>
      <FlowAlerts notice={notice} failure={failure ?? signOutFailure} />
      {!flow ? (
        <Loading />
      ) : (
        <>
          <FlowMessages messages={flow.ui.messages} />
          <FlowForm
            flow={flow}
            order={groupOrder}
            initialValues={signedInAs ? { identifier: signedInAs } : undefined}
            busy={busy}
            aria-label={title}
            onSubmit={async (body) => {
              const result = await submit(body);
              if (result) window.location.assign(redirectTarget(result.continue_with) ?? returnTo ?? href("home"));
            }}
          />
        </>
      )}
      <nav aria-label="More options" className="flow-links">
        {secondFactor || refresh ? (
          <Button variant="link" className="p-0" onClick={signOut}>
            Sign out
          </Button>
        ) : (
          <>
            <Link to={href("registration", { return_to: returnTo })}>Create an account</Link>
            <Link to={href("recovery", { return_to: returnTo })}>Forgot your password?</Link>
          </>
        )}
      </nav>
    </PublicCard>
  );
}

/**
 * Kratos 1.3's refresh flow comes with an empty identifier field (the code
 * method replaces the hidden one the password method sets), so the signed-in
 * address is filled in for the user.
 */
function useSignedInEmail(refresh: boolean): string | undefined {
  const [email, setEmail] = useState<string>();
  useEffect(() => {
    if (!refresh) return;
    let active = true;
    kratos()
      .toSession()
      .then(
        ({ data }) => {
          const traits = data.identity?.traits as { email?: unknown } | undefined;
          if (active && typeof traits?.email === "string") setEmail(traits.email);
        },
        // Without a session there is nothing to fill in; the user types the address.
        () => undefined,
      );
    return () => {
      active = false;
    };
  }, [refresh]);
  return email;
}
