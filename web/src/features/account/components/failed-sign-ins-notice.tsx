// After signing in, at the top of Account Settings: how many wrong passwords
// were tried for the account since its sign-in before this one, and the last
// one's device and time (ory/kratos#654). Nothing when there were none, or
// when the read failed: the same attempts are in Devices and activity.
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import Alert from "react-bootstrap/Alert";
import { useText } from "../../../lib/i18n/text";
import { Link } from "react-router-dom";
import { settingsPath } from "#contract/settings-sections.js";
import { deviceName } from "../../../lib/device-name";
import { useFormatDateTime } from "../../../lib/format";
import { useHydrated } from "../../../lib/use-hydrated";
import { failedSignInsQueryOptions } from "../api/get-failed-sign-ins";

export function FailedSignInsNotice() {
  const { t } = useText();
  const failed = useQuery(failedSignInsQueryOptions());
  const formatDateTime = useFormatDateTime();
  const hydrated = useHydrated();
  const [dismissed, setDismissed] = useState(false);
  const summary = failed.data;
  if (dismissed || !summary?.last) return null;
  return (
    <Alert
      variant="warning"
      // No fade: the server renders it as it stays.
      transition={false}
      aria-labelledby="failed-sign-ins-heading"
      dismissible={hydrated}
      closeLabel={t("account.failedSignIns.dismiss")}
      onClose={() => setDismissed(true)}
    >
      <h2 id="failed-sign-ins-heading" className="h6">
        {t("account.failedSignIns.heading")}
      </h2>
      <p className="mb-1">
        {t("account.failedSignIns.text", {
          count: summary.count,
          device: deviceName(summary.last.device),
          time: formatDateTime(summary.last.at),
        })}
      </p>
      <Link className="alert-link" to={settingsPath("devices")}>
        {t("account.failedSignIns.review")}
      </Link>
    </Alert>
  );
}
