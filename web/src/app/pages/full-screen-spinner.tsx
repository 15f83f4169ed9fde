import Spinner from "react-bootstrap/Spinner";
import { useText } from "../../lib/i18n/text";

export function FullScreenSpinner() {
  const { t } = useText();
  return (
    <main className="fullscreen-center">
      <div role="status" aria-label={t("app.loading")}>
        <Spinner animation="border" variant="primary" aria-hidden="true" />
      </div>
    </main>
  );
}
