// What a flow page shows around its form: why the flow was started again, a
// failure, the proof-of-work check the portal asked for, and until the flow is there a spinner, or Try again when it could
// not be loaded (never a spinner that waits for nothing).
import { lazy, Suspense, type ReactNode } from "react";
import Button from "react-bootstrap/Button";
import { useText } from "../i18n/text";
import { FormAlerts } from "../components/cards";
import { Loading } from "../components/loading";
import type { FlowController } from "./use-flow";

/** The proof-of-work widget, loaded only when the portal asks for a challenge. */
const ProofOfWorkCheck = lazy(() => import("./proof-of-work-check"));

export function FlowStatus<F>({
  controller,
  showFailure = true,
  children,
}: {
  controller: Pick<FlowController<never>, "notice" | "failure" | "retry"> & {
    flow: F | undefined;
    proofOfWork?: FlowController<never>["proofOfWork"];
  };
  /** False where the card that acted shows the failure itself. */
  showFailure?: boolean;
  children: (flow: F) => ReactNode;
}) {
  const { t } = useText();
  const { flow, notice, failure, retry, proofOfWork } = controller;
  return (
    <>
      <FormAlerts notice={notice} failure={showFailure || !flow ? failure : undefined} />
      {proofOfWork && (
        <Suspense fallback={<Loading />}>
          <ProofOfWorkCheck key={proofOfWork.key} onSolved={proofOfWork.solved} />
        </Suspense>
      )}
      {flow ? (
        children(flow)
      ) : failure ? (
        <Button variant="outline-primary" onClick={retry}>
          {t("common.tryAgain")}
        </Button>
      ) : (
        <Loading />
      )}
    </>
  );
}
