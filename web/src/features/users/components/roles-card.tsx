// The person's admin role: granted or revoked here, never on one's own page (the server refuses it too).
import { useText } from "../../../lib/i18n/text";
import { SectionCard } from "../../../lib/components/cards";
import { useChangeRole } from "../api/change-role";
import type { UserDetail } from "../api/user-types";
import { nameOf } from "../utils/name-of";
import { AskingButton, type Ask } from "./asking-button";

export function RolesCard({ user, self, ask }: { user: UserDetail["user"]; self: boolean; ask: Ask }) {
  const { t } = useText();
  const changeRole = useChangeRole();
  const name = nameOf(user);
  return (
    <SectionCard title={t("users.roles.title")} width="wide">
      {self ? (
        <p className="small text-body-secondary mb-0">{t("users.roles.selfNote")}</p>
      ) : user.roles.includes("admin") ? (
        <AskingButton
          ask={ask}
          label={t("users.roles.revokeAdmin")}
          title={t("users.roles.revokeTitle")}
          body={t("users.roles.revokeBody", { name })}
          danger
          action={() => changeRole.mutateAsync({ id: user.id, role: "admin", change: "revoke" })}
          done={t("users.roles.revoked", { name })}
        />
      ) : (
        <AskingButton
          ask={ask}
          label={t("users.roles.grantAdmin")}
          title={t("users.roles.grantTitle")}
          body={t("users.roles.grantBody", { name })}
          action={() => changeRole.mutateAsync({ id: user.id, role: "admin", change: "grant" })}
          done={t("users.roles.granted", { name })}
        />
      )}
    </SectionCard>
  );
}
