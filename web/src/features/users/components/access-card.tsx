// Getting the person back in: a recovery code shown to the admin (on this page
// only), and the verification mail sent again while the address is unverified.
import { useState } from "react";
import Alert from "react-bootstrap/Alert";
import Button from "react-bootstrap/Button";
import { useText } from "../../../lib/i18n/text";
import { SectionCard } from "../../../lib/components/cards";
import type { Confirm } from "../../../lib/feedback/use-confirm";
import { useHydrated } from "../../../lib/use-hydrated";
import { useCreateRecoveryCode } from "../api/create-recovery-code";
import { useSendVerification } from "../api/send-verification";
import type { RecoveryCode, UserDetail } from "../api/user-types";
import { nameOf } from "../utils/name-of";
import { AskingButton, type Ask } from "./asking-button";

export function AccessCard({ user, ask, confirm }: { user: UserDetail["user"]; ask: Ask; confirm: Confirm["confirm"] }) {
  const { t } = useText();
  const [recovery, setRecovery] = useState<RecoveryCode | null>(null);
  const createRecoveryCode = useCreateRecoveryCode();
  const sendVerification = useSendVerification();
  const name = nameOf(user);
  // It asks in a dialog of the app's: on the server's page it waits for the app.
  const hydrated = useHydrated();
  return (
    <SectionCard title={t("users.access.title")} width="wide">
      <div className="d-flex flex-wrap gap-2 mb-2">
        <Button
          variant="outline-primary"
          size="sm"
          disabled={!hydrated}
          onClick={() =>
            void confirm({
              title: t("users.access.recoveryTitle"),
              body: <p className="mb-0">{t("users.access.recoveryBody", { name })}</p>,
              confirmLabel: t("users.access.recoveryCode"),
              action: async () => {
                setRecovery(await createRecoveryCode.mutateAsync(user.id));
                // The code goes to the page only; the data layer forgets the answer.
                createRecoveryCode.reset();
              },
            })
          }
        >
          {t("users.access.recoveryCode")}
        </Button>
        {!user.verified && (
          <AskingButton
            ask={ask}
            label={t("users.access.resendVerification")}
            title={t("users.access.verificationTitle")}
            body={t("users.access.verificationBody", { name })}
            action={() => sendVerification.mutateAsync(user.id)}
            done={t("users.access.verificationSent", { name })}
          />
        )}
      </div>
      {recovery && (
        <Alert variant="info" dismissible onClose={() => setRecovery(null)} className="small">
          <Alert.Heading as="h3" className="h6">
            {t("users.access.recoveryShown", { name })}
          </Alert.Heading>
          <dl className="mb-1">
            <dt>{t("users.access.recoveryLink")}</dt>
            <dd className="font-monospace text-break">{recovery.recovery_link}</dd>
            <dt>{t("users.access.recoveryCodeLabel")}</dt>
            <dd className="font-monospace">{recovery.recovery_code}</dd>
          </dl>
          {recovery.expires_at && <p className="mb-1">{t("users.access.recoveryExpires", { at: new Date(recovery.expires_at) })}</p>}
          <p className="mb-0">{t("users.access.recoveryWarning")}</p>
        </Alert>
      )}
    </SectionCard>
  );
}
