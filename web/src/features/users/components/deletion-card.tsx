// Deleting the person's account, then back to the list. The page leaves it out on one's own page.
import Button from "react-bootstrap/Button";
import { useText } from "../../../lib/i18n/text";
import { useNavigate } from "react-router-dom";
import { href } from "#contract/paths.js";
import { SectionCard } from "../../../lib/components/cards";
import { useHydrated } from "../../../lib/use-hydrated";
import { useDeleteUser } from "../api/delete-user";
import type { UserDetail } from "../api/user-types";
import { nameOf } from "../utils/name-of";
import type { Ask } from "./asking-button";

export function DeletionCard({ user, ask }: { user: UserDetail["user"]; ask: Ask }) {
  const { t } = useText();
  const navigate = useNavigate();
  const deleteUser = useDeleteUser();
  const name = nameOf(user);
  // It asks in a dialog of the app's: on the server's page it waits for the app.
  const hydrated = useHydrated();
  return (
    <SectionCard title={t("users.deletion.title")} description={t("users.deletion.text")} width="wide">
      <Button
        variant="danger"
        size="sm"
        disabled={!hydrated}
        onClick={() =>
          void ask(
            {
              title: t("users.deletion.confirmTitle"),
              body: <p className="mb-0">{t("users.deletion.confirmBody", { name })}</p>,
              confirmLabel: t("users.deletion.delete"),
              variant: "danger",
              action: () => deleteUser.mutateAsync(user.id),
            },
            t("users.deletion.deleted", { name }),
          ).then((deleted) => {
            if (deleted) void navigate(href("manageUsers"));
          })
        }
      >
        {t("users.deletion.delete")}
      </Button>
    </SectionCard>
  );
}
