import Spinner from "react-bootstrap/Spinner";
import { useTranslation } from "react-i18next";

export function FullScreenSpinner() {
  const { t } = useTranslation();
  return (
    <main className="fullscreen-center">
      <div role="status" aria-label={t("app.loading")}>
        <Spinner animation="border" variant="primary" aria-hidden="true" />
      </div>
    </main>
  );
}
