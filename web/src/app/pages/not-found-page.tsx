import Card from "react-bootstrap/Card";
import { useText } from "../../lib/i18n/text";
import { Link } from "react-router-dom";
import { paths } from "#contract/paths.js";

export function NotFoundPage() {
  const { t } = useText();
  return (
    <Card className="card-wide shadow-sm">
      <Card.Body className="p-4">
        <h1 className="h4">{t("app.notFound.title")}</h1>
        <p className="text-body-secondary">{t("app.notFound.text")}</p>
        <Link to={paths.settings}>{t("app.notFound.link")}</Link>
      </Card.Body>
    </Card>
  );
}
