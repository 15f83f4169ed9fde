// An account's state, second factors and sign-in providers, worded the same in the table and on its page.
import Badge from "react-bootstrap/Badge";
import { useText } from "../../../lib/i18n/text";
import { useFormatDateTime } from "../../../lib/format";
import { ProviderMark } from "../../../lib/components/provider-mark";
import { providerNameOf } from "#contract/providers.js";
import type { User } from "../api/user-types";

export function StateBadge({ state }: { state: User["state"] }) {
  const { t } = useText();
  return <Badge bg={state === "active" ? "success" : "danger"}>{t(`users.states.${state}`)}</Badge>;
}

/** The sign-in lock of wrong passwords, with until when; nothing while there is none. */
export function LockBadge({ until }: { until: string | null | undefined }) {
  const { t } = useText();
  const formatDateTime = useFormatDateTime();
  if (!until) return null;
  return (
    <span className="d-inline-block">
      <Badge bg="warning" text="dark">
        {t("users.locked")}
      </Badge>{" "}
      <span className="small">{t("users.lockedUntil", { time: formatDateTime(until) })}</span>
    </span>
  );
}

const factorNames = ["totp", "webauthn", "passkey", "lookup_secret"] as const;
const isKnown = (factor: string): factor is (typeof factorNames)[number] => (factorNames as readonly string[]).includes(factor);

export function SecondFactors({ factors }: { factors: readonly string[] }) {
  const { t } = useText();
  if (factors.length === 0) return <>{t("common.none")}</>;
  return <>{factors.map((factor) => (isKnown(factor) ? t(`users.secondFactorNames.${factor}`) : factor)).join(", ")}</>;
}

/** The providers linked to the account, each with its mark and name (Kratos names no label here: the id, or the brand). */
export function Providers({ providers }: { providers: readonly string[] }) {
  const { t } = useText();
  if (providers.length === 0) return <>{t("common.none")}</>;
  return (
    <span className="d-inline-flex flex-wrap gap-2">
      {providers.map((provider) => (
        <span key={provider} className="d-inline-flex align-items-center gap-1">
          <ProviderMark provider={provider} />
          {providerNameOf(provider)}
        </span>
      ))}
    </span>
  );
}
