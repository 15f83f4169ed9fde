// An account's state and second factors, worded the same in the table and on its page.
import Badge from "react-bootstrap/Badge";
import { useTranslation } from "react-i18next";
import type { User } from "../api/user-types";

export function StateBadge({ state }: { state: User["state"] }) {
  const { t } = useTranslation();
  return <Badge bg={state === "active" ? "success" : "danger"}>{t(`users.states.${state}`)}</Badge>;
}

const factorNames = ["totp", "webauthn", "passkey", "lookup_secret"] as const;
const isKnown = (factor: string): factor is (typeof factorNames)[number] => (factorNames as readonly string[]).includes(factor);

export function SecondFactors({ factors }: { factors: readonly string[] }) {
  const { t } = useTranslation();
  if (factors.length === 0) return <>{t("common.none")}</>;
  return <>{factors.map((factor) => (isKnown(factor) ? t(`users.secondFactorNames.${factor}`) : factor)).join(", ")}</>;
}
