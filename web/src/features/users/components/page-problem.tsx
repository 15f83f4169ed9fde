// Why Manage Users cannot be used right now, in its own words: Kratos
// unreachable, the admin role missing, or a second factor needed.
import { useTranslation } from "react-i18next";
import { PageProblemAlert, type PageProblem } from "../../../lib/components/page-problem";

export function UsersProblemAlert({ problem, onRetry }: { problem: PageProblem; onRetry: () => void }) {
  const { t } = useTranslation();
  const texts = {
    unavailableTitle: t("users.unavailable.title"),
    unavailableText: (message: string) => t("users.unavailable.text", { message }),
    notAllowed: t("users.notAllowed"),
    secondFactorTitle: t("users.secondFactor.title"),
    secondFactorText: t("users.secondFactor.text"),
    setUpSecondFactor: t("users.secondFactor.setUp"),
    useSecondFactor: t("users.secondFactor.useIt"),
  };
  return <PageProblemAlert problem={problem} onRetry={onRetry} texts={texts} />;
}
