// What a flow page shows around its form: why the flow was started again, a
// failure, and until the flow is there a spinner, or Try again when it could
// not be loaded (never a spinner that waits for nothing).
import type { ReactNode } from "react";
import Button from "react-bootstrap/Button";
import { useTranslation } from "react-i18next";
import { FormAlerts } from "../components/cards";
import { Loading } from "../components/loading";
import type { FlowController } from "./use-flow";

export function FlowStatus<F>({
  controller,
  showFailure = true,
  children,
}: {
  controller: Pick<FlowController<never>, "notice" | "failure" | "retry"> & { flow: F | undefined };
  /** False where the card that acted shows the failure itself. */
  showFailure?: boolean;
  children: (flow: F) => ReactNode;
}) {
  const { t } = useTranslation();
  const { flow, notice, failure, retry } = controller;
  return (
    <>
      <FormAlerts notice={notice} failure={showFailure || !flow ? failure : undefined} />
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
