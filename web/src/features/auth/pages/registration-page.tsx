// /registration: Kratos 1.3's two steps (traits, then a credential: password,
// emailed code or passkey). Signing up signs in and mails a verification code;
// the user is taken to where that code is entered. When accounts are by
// invitation only, the page says how to get one instead, and starts no flow.
import { useQuery } from "@tanstack/react-query";
import { useText } from "../../../lib/i18n/text";
import { Link, useSearchParams } from "react-router-dom";
import { PublicCard } from "../../../lib/components/cards";
import { FlowForm } from "../../../lib/flows/flow-form";
import { FlowMessages } from "../../../lib/flows/flow-messages";
import { FlowStatus } from "../../../lib/flows/flow-status";
import { ProviderButtons, providerGroup } from "../../../lib/flows/provider-buttons";
import { identitySchemasQueryOptions, schemaFieldsOf, TraitFieldsScope } from "../../../lib/flows/trait-fields";
import { useFlow } from "../../../lib/flows/use-flow";
import { nextUrl, verificationFlowId } from "../../../lib/kratos/continue-with";
import { acceptsTerms, acceptTerms, termsLinks } from "../../../lib/terms";
import { returnToOf, signInHref } from "#contract/flows.js";
import { href } from "#contract/paths.js";
import { registrationOpen } from "../registration-mode";

/** "Back" (profile group) comes last on the second screen. */
const groupOrder = ["password", "code", "passkey", "webauthn", "profile"];

export function RegistrationPage() {
  return registrationOpen() ? <OpenRegistration /> : <ByInvitation />;
}

function ByInvitation() {
  const { t } = useText();
  const [params] = useSearchParams();
  return (
    <PublicCard title={t("auth.registration.byInvitationTitle")}>
      <p>{t("auth.registration.byInvitation")}</p>
      <nav aria-label={t("common.moreOptions")} className="flow-links">
        <span>
          {t("auth.registration.haveAccount")} <Link to={signInHref(returnToOf(undefined, params))}>{t("auth.registration.signIn")}</Link>
        </span>
      </nav>
    </PublicCard>
  );
}

function OpenRegistration() {
  const { t } = useText();
  const [params] = useSearchParams();
  const controller = useFlow("registration");
  const { flow, busy, submit } = controller;
  const returnTo = returnToOf(flow, params);
  const { data: schemas } = useQuery(identitySchemasQueryOptions);

  return (
    <PublicCard title={t("auth.registration.title")}>
      <FlowStatus controller={controller}>
        {(flow) => (
          <>
            <FlowMessages messages={flow.ui.messages} />
            <ProviderButtons flow={flow} busy={busy} withLanguage onSubmit={(body) => void submit(body)} />
            <TraitFieldsScope flow={flow}>
              <FlowForm
                flow={flow}
                order={groupOrder}
                exclude={(node) => node.group === providerGroup}
                busy={busy}
                aria-label={t("auth.registration.title")}
                onSubmit={async (body) => {
                  const result = await submit(body);
                  if (!result) return;
                  // The terms checkbox ticked, with the terms of this version linked in its label: recorded as accepted
                  // now, under the new session. Should that fail, the page that asks again records it.
                  const terms = termsLinks();
                  const { identity } = result;
                  if (terms && acceptsTerms(schemaFieldsOf(schemas, identity.schema_id, []), identity.traits)) {
                    await acceptTerms(terms.version).catch(() => undefined);
                  }
                  // A full page load, so the shell sees the session the registration started.
                  const verification = verificationFlowId(result.continue_with);
                  window.location.assign(
                    verification ? href("verification", { flow: verification }) : nextUrl(result.continue_with, returnTo),
                  );
                }}
              />
            </TraitFieldsScope>
          </>
        )}
      </FlowStatus>
      <nav aria-label={t("common.moreOptions")} className="flow-links">
        <span>
          {t("auth.registration.haveAccount")} <Link to={signInHref(returnTo)}>{t("auth.registration.signIn")}</Link>
        </span>
      </nav>
    </PublicCard>
  );
}
