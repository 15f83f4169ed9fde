// The router's last resort when a page throws while rendering.
import Button from "react-bootstrap/Button";
import Card from "react-bootstrap/Card";
import { useTranslation } from "react-i18next";

export function RouteErrorPage() {
  const { t } = useTranslation();
  return (
    <main className="fullscreen-center">
      <Card className="card-narrow text-center shadow-sm">
        <Card.Body className="p-4">
          <h1 className="h4">{t("app.routeError.title")}</h1>
          <p className="text-body-secondary">{t("app.routeError.text")}</p>
          <Button variant="primary" onClick={() => window.location.reload()}>
            {t("app.routeError.reload")}
          </Button>
        </Card.Body>
      </Card>
    </main>
  );
}
