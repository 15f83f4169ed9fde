// Why Manage Clients cannot be used right now, in its own words: Hydra
// unreachable, the admin role missing, or a second factor needed.
import { useTranslation } from "react-i18next";
import { PageProblemAlert, type PageProblem } from "../../../lib/components/page-problem";

export function ClientsProblemAlert({ problem, onRetry }: { problem: PageProblem; onRetry: () => void }) {
  const { t } = useTranslation();
  const texts = {
    unavailableTitle: t("clients.unavailable.title"),
    unavailableText: (message: string) => t("clients.unavailable.text", { message }),
    notAllowed: t("clients.notAllowed"),
    secondFactorTitle: t("clients.secondFactor.title"),
    secondFactorText: t("clients.secondFactor.text"),
    setUpSecondFactor: t("clients.secondFactor.setUp"),
    useSecondFactor: t("clients.secondFactor.useIt"),
  };
  return <PageProblemAlert problem={problem} onRetry={onRetry} texts={texts} />;
}
