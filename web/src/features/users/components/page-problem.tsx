// Why Manage Users cannot be used right now, in place of its content: Kratos
// unreachable, the admin role missing, or (for an admin signed in without
// one) a second factor needed.
import Alert from "react-bootstrap/Alert";
import Button from "react-bootstrap/Button";
import { useTranslation } from "react-i18next";
import { Link } from "react-router-dom";
import { href } from "#contract/paths.js";
import { apiProblemOf, type ApiProblem } from "../../../lib/api-problem";
import { useCurrentSession } from "../../../lib/current-session";
import { errorMessage } from "../../../lib/error-message";

export type PageProblem = { kind: "unavailable" | "not-allowed" | "second-factor"; message: string };

/** A failure that concerns the whole page rather than one action, or null. */
export function problemOf(error: unknown): PageProblem | null {
  const problem = apiProblemOf(error);
  switch (problem?.kind) {
    case "unavailable":
    case "not-allowed":
    case "second-factor":
      return { kind: problem.kind, message: errorMessage(error) };
    default:
      return null;
  }
}

/** The session ended or lost the admin role since the page opened: the session check should look again. */
export const concernsSession = (problem: ApiProblem | undefined) => problem?.kind === "signed-out" || problem?.kind === "not-allowed";

export function PageProblemAlert({ problem, onRetry }: { problem: PageProblem; onRetry: () => void }) {
  const { t } = useTranslation();
  const { session } = useCurrentSession();
  switch (problem.kind) {
    case "unavailable":
      return (
        <Alert variant="warning">
          <Alert.Heading as="h2" className="h6">
            {t("users.unavailable.title")}
          </Alert.Heading>
          <p className="small">{t("users.unavailable.text", { message: problem.message })}</p>
          <Button variant="outline-dark" size="sm" onClick={onRetry}>
            {t("common.retry")}
          </Button>
        </Alert>
      );
    case "not-allowed":
      return (
        <Alert variant="danger">
          <Alert.Heading as="h2" className="h6">
            {t("users.notAllowed")}
          </Alert.Heading>
          <p className="small mb-0">{problem.message}</p>
        </Alert>
      );
    case "second-factor":
      return (
        <Alert variant="warning">
          <Alert.Heading as="h2" className="h6">
            {t("users.secondFactor.title")}
          </Alert.Heading>
          <p className="small">{t("users.secondFactor.text")}</p>
          <ul className="small mb-0">
            <li>
              <Link to={href("settings")} className="alert-link">
                {t("users.secondFactor.setUp")}
              </Link>
            </li>
            {session.aal !== "aal2" && (
              <li>
                <Link to={href("login", { aal: "aal2", return_to: window.location.href })} className="alert-link">
                  {t("users.secondFactor.useIt")}
                </Link>
              </li>
            )}
          </ul>
        </Alert>
      );
  }
}
