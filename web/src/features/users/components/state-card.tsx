// The account's state: deactivated or reactivated here, never on one's own page (the server refuses it too).
import { useText } from "../../../lib/i18n/text";
import { SectionCard } from "../../../lib/components/cards";
import { useSetState } from "../api/set-state";
import type { UserDetail } from "../api/user-types";
import { nameOf } from "../utils/name-of";
import { AskingButton, type Ask } from "./asking-button";

export function StateCard({ user, self, ask }: { user: UserDetail["user"]; self: boolean; ask: Ask }) {
  const { t } = useText();
  const setState = useSetState();
  const name = nameOf(user);
  return (
    <SectionCard title={t("users.state.title")} width="wide">
      {self ? (
        <p className="small text-body-secondary mb-0">{t("users.state.selfNote")}</p>
      ) : user.state === "active" ? (
        <AskingButton
          ask={ask}
          label={t("users.state.deactivate")}
          title={t("users.state.deactivateTitle")}
          body={t("users.state.deactivateBody", { name })}
          danger
          action={() => setState.mutateAsync({ id: user.id, state: "inactive" })}
          done={t("users.state.deactivated", { name })}
        />
      ) : (
        <AskingButton
          ask={ask}
          label={t("users.state.reactivate")}
          title={t("users.state.reactivateTitle")}
          body={t("users.state.reactivateBody", { name })}
          action={() => setState.mutateAsync({ id: user.id, state: "active" })}
          done={t("users.state.reactivated", { name })}
        />
      )}
    </SectionCard>
  );
}
