import Spinner from "react-bootstrap/Spinner";
import { useText } from "../i18n/text";

/** A small labelled spinner where content is on its way. */
export function Loading({ label }: { label?: string }) {
  const { t } = useText();
  return (
    <div className="d-flex align-items-center gap-2 text-body-secondary py-3" role="status">
      <Spinner animation="border" size="sm" aria-hidden="true" />
      <span>{label ?? t("common.loading")}</span>
    </div>
  );
}
