import Card from "react-bootstrap/Card";
import { useText } from "../../lib/i18n/text";
import { Link } from "react-router-dom";
import { paths } from "#contract/paths.js";
import { LockIcon } from "../shell/icons";

export function NotAllowedPage() {
  const { t } = useText();
  return (
    <Card className="card-wide shadow-sm">
      <Card.Body className="p-4">
        <div className="text-body-secondary mb-3">
          <LockIcon />
        </div>
        <h1 className="h4">{t("app.notAllowed.title")}</h1>
        <p className="text-body-secondary">{t("app.notAllowed.text")}</p>
        <Link to={paths.settings}>{t("app.notAllowed.link")}</Link>
      </Card.Body>
    </Card>
  );
}
