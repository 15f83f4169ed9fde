// /verification (Verify Account): each email address with its status, and the
// verification flow to send a code and enter it. The link in the mail opens
// Kratos, which fills in the code and sends the browser here with ?flow=<id>.
import { useEffect, useRef } from "react";
import Badge from "react-bootstrap/Badge";
import Table from "react-bootstrap/Table";
import { useText } from "../../../lib/i18n/text";
import { useSearchParams } from "react-router-dom";
import { SectionCard } from "../../../lib/components/cards";
import { useCurrentSession } from "../../../lib/current-session";
import { useToast } from "../../../lib/feedback/toast";
import { FlowForm } from "../../../lib/flows/flow-form";
import { FlowMessages } from "../../../lib/flows/flow-messages";
import { FlowStatus } from "../../../lib/flows/flow-status";
import { useFlow } from "../../../lib/flows/use-flow";
import type { FlowBody } from "../../../lib/kratos/update-flow";

export function VerificationPage() {
  const { t } = useText();
  const [params] = useSearchParams();
  const controller = useFlow("verification");
  const { flow, busy, submit } = controller;
  const { session, refresh } = useCurrentSession();
  const toast = useToast();
  const addresses = session.identity.verifiable_addresses;
  const firstUnverified = addresses.find((address) => !address.verified)?.value;
  const code = params.get("code");

  // A verified address changes the session's identity: read it again once per verified flow.
  const announced = useRef<string>(undefined);
  // A code sent from this page is answered in the card ("Your email address is verified."), and that message takes
  // the focus from the form it replaced (app/focus-management.ts): a toast would say it to a screen reader a second
  // time. A flow that arrives verified (the mail's link) moves no focus, and the toast says it.
  const sentHere = useRef(false);
  useEffect(() => {
    if (flow?.state !== "passed_challenge" || announced.current === flow.id) return;
    announced.current = flow.id;
    if (!sentHere.current) toast.show(t("auth.verification.done"), "success");
    void refresh();
  }, [flow, toast, refresh, t]);

  function send(body: FlowBody) {
    sentHere.current = true;
    void submit(body);
  }

  return (
    <div className="account-page">
      <h1 className="h3 mb-4">{t("auth.verification.title")}</h1>
      <SectionCard title={t("auth.verification.addresses")} width="wide">
        <Table responsive size="sm" className="align-middle mb-0" aria-label={t("auth.verification.addressesTable")}>
          <thead>
            <tr>
              <th scope="col">{t("auth.verification.email")}</th>
              <th scope="col">{t("auth.verification.status")}</th>
            </tr>
          </thead>
          <tbody>
            {addresses.map((address) => (
              <tr key={address.value}>
                <td className="text-break">{address.value}</td>
                <td>
                  {address.verified ? (
                    <Badge bg="success">{t("auth.verification.verified")}</Badge>
                  ) : (
                    <Badge bg="warning" text="dark">
                      {t("auth.verification.notVerified")}
                    </Badge>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </Table>
      </SectionCard>
      <SectionCard title={t("auth.verification.verifyTitle")} description={t("auth.verification.verifyDescription")}>
        <FlowStatus controller={controller}>
          {(flow) => (
            <>
              <FlowMessages messages={flow.ui.messages} />
              <FlowForm
                flow={flow}
                busy={busy}
                initialValues={{ ...(firstUnverified ? { email: firstUnverified } : {}), ...(code ? { code } : {}) }}
                onSubmit={send}
              />
            </>
          )}
        </FlowStatus>
      </SectionCard>
    </div>
  );
}
