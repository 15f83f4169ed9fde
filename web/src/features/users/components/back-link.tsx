// Back to Manage Users' list, from one person's page.
import { useText } from "../../../lib/i18n/text";
import { Link } from "react-router-dom";
import { href } from "#contract/paths.js";

export function BackLink() {
  const { t } = useText();
  return <Link to={href("manageUsers")}>{t("users.back")}</Link>;
}
