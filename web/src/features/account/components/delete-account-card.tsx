// "Delete account", in Account Settings' "Your data and account": the user types the account's
// email address and confirms. A sign-in older than Kratos' privileged session
// age first goes through /login?refresh=true and comes back here (or to the
// page that shows the card elsewhere: `returnTo`).
import { useState, type FormEvent } from "react";
import Alert from "react-bootstrap/Alert";
import Button from "react-bootstrap/Button";
import Form from "react-bootstrap/Form";
import Spinner from "react-bootstrap/Spinner";
import { useText } from "../../../lib/i18n/text";
import { SectionCard } from "../../../lib/components/cards";
import { useCurrentSession } from "../../../lib/current-session";
import { errorMessage } from "../../../lib/error-message";
import { announceSignedOut } from "../../../lib/session-broadcast";
import { needsRecentSignIn, signInAgain } from "../../../lib/sign-in-again";
import { useHydrated } from "../../../lib/use-hydrated";
import { signInHref } from "#contract/flows.js";
import { settingsPath } from "#contract/settings-sections.js";
import { useDeleteAccount } from "../api/delete-account";

/** The card's anchor: the sign-in that confirms it is the user returns here. */
export const deleteAccountAnchor = "delete-account";

/** `returnTo`: the portal's path the card is on, where the sign-in that confirms it is the user comes back. */
export function DeleteAccountCard({ returnTo = settingsPath("data") }: { returnTo?: string }) {
  const { t } = useText();
  const { session } = useCurrentSession();
  const { email: traitsEmail } = session.identity.traits;
  const email = typeof traitsEmail === "string" ? traitsEmail : "";
  const [typed, setTyped] = useState("");
  const remove = useDeleteAccount();
  // Deleting is the app's work: in the server's page, until the script runs, the field waits for it.
  const hydrated = useHydrated();
  const matches = typed.trim().toLowerCase() === email.toLowerCase() && email !== "";

  function submit(event: FormEvent) {
    event.preventDefault();
    remove.mutate(
      { email: typed },
      {
        onSuccess: () => {
          announceSignedOut();
          window.location.assign(signInHref(undefined, { notice: "deleted" }));
        },
        onError: (error) => {
          if (needsRecentSignIn(error)) signInAgain(`${returnTo}#${deleteAccountAnchor}`);
        },
      },
    );
  }

  // Signing in again is under way: nothing to show.
  const failure = needsRecentSignIn(remove.error) ? undefined : remove.error;
  return (
    <div id={deleteAccountAnchor}>
      <SectionCard title={t("account.delete.title")} description={t("account.delete.description")}>
        {failure && (
          <Alert variant="danger" className="py-2 small">
            {errorMessage(failure)}
          </Alert>
        )}
        <Form onSubmit={submit} noValidate>
          <Form.Group className="mb-3" controlId="delete-account-email">
            <Form.Label>{t("account.delete.typeEmail", { email })}</Form.Label>
            <Form.Control
              type="email"
              autoComplete="off"
              value={typed}
              disabled={!hydrated}
              onChange={(event) => setTyped(event.target.value)}
            />
          </Form.Group>
          <Button type="submit" variant="danger" disabled={!matches || remove.isPending}>
            {remove.isPending && <Spinner size="sm" className="me-2" aria-hidden="true" />}
            {t("account.delete.submit")}
          </Button>
        </Form>
      </SectionCard>
    </div>
  );
}
