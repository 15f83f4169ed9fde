// The sign-in lock that wrong passwords put on the account (the abuse limits'
// LIMIT_SIGN_IN_ACCOUNT): until when, and an unlock that the audit trail records.
import { useText } from "../../../lib/i18n/text";
import { SectionCard } from "../../../lib/components/cards";
import { useFormatDateTime } from "../../../lib/format";
import { useUnlockUser } from "../api/unlock-user";
import type { UserDetail } from "../api/user-types";
import { nameOf } from "../utils/name-of";
import { AskingButton, type Ask } from "./asking-button";

export function LockCard({ user, ask }: { user: UserDetail["user"]; ask: Ask }) {
  const { t } = useText();
  const formatDateTime = useFormatDateTime();
  const unlock = useUnlockUser();
  const name = nameOf(user);
  return (
    <SectionCard title={t("users.lock.title")} width="wide">
      {user.locked_until ? (
        <>
          <p className="small">{t("users.lock.text", { time: formatDateTime(user.locked_until) })}</p>
          <AskingButton
            ask={ask}
            label={t("users.lock.unlock")}
            title={t("users.lock.confirmTitle")}
            body={t("users.lock.confirmBody", { name })}
            action={() => unlock.mutateAsync(user.id)}
            done={t("users.lock.unlocked", { name })}
          />
        </>
      ) : (
        <p className="small text-body-secondary mb-0">{t("users.lock.none")}</p>
      )}
    </SectionCard>
  );
}
