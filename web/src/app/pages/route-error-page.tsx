// The router's last resort when a page throws while rendering, or when its
// code cannot be loaded (a deploy replaced the files the open app was built
// with): reloading fetches the current app in both cases.
import Button from "react-bootstrap/Button";
import Card from "react-bootstrap/Card";
import { useText } from "../../lib/i18n/text";
import { useRouteError } from "react-router-dom";
import { PageLoadError } from "../on-demand";

export function RouteErrorPage() {
  const { t } = useText();
  const texts = useRouteError() instanceof PageLoadError ? "app.pageLoadError" : "app.routeError";
  return (
    <main className="fullscreen-center">
      <Card className="card-narrow text-center shadow-sm">
        <Card.Body className="p-4">
          <h1 className="h4">{t(`${texts}.title`)}</h1>
          <p className="text-body-secondary">{t(`${texts}.text`)}</p>
          <Button variant="primary" onClick={() => window.location.reload()}>
            {t("app.routeError.reload")}
          </Button>
        </Card.Body>
      </Card>
    </main>
  );
}
