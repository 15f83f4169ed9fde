// /verification (Verify Account): each email address with its status, and the
// verification flow to send a code and enter it. The link in the mail opens
// Kratos, which fills in the code and sends the browser here with ?flow=<id>.
import { useEffect, useRef } from "react";
import Badge from "react-bootstrap/Badge";
import Table from "react-bootstrap/Table";
import { useSearchParams } from "react-router-dom";
import { useCurrentSession } from "../../../lib/current-session";
import { useToast } from "../../../lib/feedback";
import { FlowForm } from "../flow-form";
import { FlowMessages } from "../flow-messages";
import { FlowAlerts, Loading, SectionCard } from "../layout";
import { useFlow } from "../use-flow";

export function VerificationPage() {
  const [params] = useSearchParams();
  const { flow, notice, failure, busy, submit } = useFlow("verification");
  const { session, refresh } = useCurrentSession();
  const toast = useToast();
  const addresses = session.identity.verifiable_addresses;
  const firstUnverified = addresses.find((address) => !address.verified)?.value;

  // A verified address changes the session's identity: read it again once per verified flow.
  const announced = useRef<string>();
  useEffect(() => {
    if (flow?.state !== "passed_challenge" || announced.current === flow.id) return;
    announced.current = flow.id;
    toast.show("Your email address is verified.", "success");
    void refresh();
  }, [flow, toast, refresh]);

  const code = params.get("code");

  return (
    <div className="account-page">
      <h1 className="h3 mb-4">Verify Account</h1>
      <SectionCard title="Email addresses" width="wide">
        <Table responsive size="sm" className="align-middle mb-0" aria-label="Your email addresses">
          <thead>
            <tr>
              <th scope="col">Email</th>
              <th scope="col">Status</th>
            </tr>
          </thead>
          <tbody>
            {addresses.map((address) => (
              <tr key={address.value}>
                <td>{address.value}</td>
                <td>
                  {address.verified ? (
                    <Badge bg="success">Verified</Badge>
                  ) : (
                    <Badge bg="warning" text="dark">
                      Not verified
                    </Badge>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </Table>
      </SectionCard>
      <SectionCard
        title="Verify an address"
        description="We email you a code; enter it here to confirm the address is yours."
      >
        <FlowAlerts notice={notice} failure={failure} />
        {!flow ? (
          <Loading />
        ) : (
          <>
            <FlowMessages messages={flow.ui.messages} />
            <FlowForm
              flow={flow}
              busy={busy}
              initialValues={{ ...(firstUnverified ? { email: firstUnverified } : {}), ...(code ? { code } : {}) }}
              onSubmit={(body) => void submit(body)}
            />
          </>
        )}
      </SectionCard>
    </div>
  );
}
