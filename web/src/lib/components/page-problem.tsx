// Why an admin page (Manage Clients, Manage Users) cannot be used right now,
// in place of its content: its service unreachable, the admin role missing,
// or (for an admin signed in without one) a second factor needed. Each page's
// catalog section (clients, users) words it for its own service and work.
import Alert from "react-bootstrap/Alert";
import Button from "react-bootstrap/Button";
import { useText } from "../i18n/text";
import { Link } from "react-router-dom";
import { signInHref } from "#contract/flows.js";
import { href } from "#contract/paths.js";
import { apiProblemOf, type ApiProblem } from "../api-problem";
import { useCurrentSession } from "../current-session";
import { errorMessage } from "../error-message";

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

/** The admin area whose page it is: its catalog section words each case for its own service and work. */
export type AdminArea = "clients" | "users";

export function PageProblemAlert({ area, problem, onRetry }: { area: AdminArea; problem: PageProblem; onRetry: () => void }) {
  const { t } = useText();
  const { session } = useCurrentSession();
  switch (problem.kind) {
    case "unavailable":
      return (
        <Alert variant="warning">
          <Alert.Heading as="h2" className="h6">
            {t(`${area}.unavailable.title`)}
          </Alert.Heading>
          <p className="small">{t(`${area}.unavailable.text`, { message: problem.message })}</p>
          <Button variant="outline-dark" size="sm" onClick={onRetry}>
            {t("common.retry")}
          </Button>
        </Alert>
      );
    case "not-allowed":
      return (
        <Alert variant="danger">
          <Alert.Heading as="h2" className="h6">
            {t(`${area}.notAllowed`)}
          </Alert.Heading>
          <p className="small mb-0">{problem.message}</p>
        </Alert>
      );
    case "second-factor":
      return (
        <Alert variant="warning">
          <Alert.Heading as="h2" className="h6">
            {t(`${area}.secondFactor.title`)}
          </Alert.Heading>
          <p className="small">{t(`${area}.secondFactor.text`)}</p>
          <ul className="small mb-0">
            <li>
              <Link to={href("settings")} className="alert-link">
                {t(`${area}.secondFactor.setUp`)}
              </Link>
            </li>
            {/* This session was signed in with one factor: an admin who has a second one steps up with it and comes back. */}
            {session.aal !== "aal2" && (
              <li>
                <Link to={signInHref(window.location.href, { aal: "aal2" })} className="alert-link">
                  {t(`${area}.secondFactor.useIt`)}
                </Link>
              </li>
            )}
          </ul>
        </Alert>
      );
  }
}
