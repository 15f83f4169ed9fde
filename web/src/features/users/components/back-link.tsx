// Back to Manage Users' list, from one person's page.
import { useTranslation } from "react-i18next";
import { Link } from "react-router-dom";
import { href } from "#contract/paths.js";

export function BackLink() {
  const { t } = useTranslation();
  return <Link to={href("manageUsers")}>{t("users.back")}</Link>;
}
