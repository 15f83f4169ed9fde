import Spinner from "react-bootstrap/Spinner";
import { useTranslation } from "react-i18next";

/** A small labelled spinner where content is on its way. */
export function Loading({ label }: { label?: string }) {
  const { t } = useTranslation();
  return (
    <div className="d-flex align-items-center gap-2 text-body-secondary py-3" role="status">
      <Spinner animation="border" size="sm" aria-hidden="true" />
      <span>{label ?? t("common.loading")}</span>
    </div>
  );
}
