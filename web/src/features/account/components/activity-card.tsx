// "Recent security activity": the account's last 50 sign-ins and changes,
// newest first, the devices it knows, and "This wasn't me": every other
// session ends and the user goes on to change the password.
import { useQuery } from "@tanstack/react-query";
import Badge from "react-bootstrap/Badge";
import Button from "react-bootstrap/Button";
import { useText } from "../../../lib/i18n/text";
import { useNavigate } from "react-router-dom";
import { SectionCard } from "../../../lib/components/cards";
import { ListTable } from "../../../lib/components/list-table";
import { QueryContent } from "../../../lib/components/query-content";
import { useConfirm } from "../../../lib/feedback/use-confirm";
import { useFormatDateTime } from "../../../lib/format";
import { useHydrated } from "../../../lib/use-hydrated";
import { deviceName } from "../../../lib/device-name";
import { href } from "#contract/paths.js";
import { activityQueryOptions } from "../api/get-activity";
import { useSignOutEverywhereElse } from "../api/sign-out-everywhere";

export function ActivityCard() {
  const { t } = useText();
  const navigate = useNavigate();
  const activity = useQuery(activityQueryOptions());
  // The server renders the list with the page's answer: dates and actions wait for the app.
  const formatDateTime = useFormatDateTime();
  const hydrated = useHydrated();
  const signOut = useSignOutEverywhereElse();
  const { confirm, dialog } = useConfirm();

  async function notMe() {
    const done = await confirm({
      title: t("account.activity.notMe.title"),
      body: t("account.activity.notMe.body"),
      confirmLabel: t("account.activity.notMe.confirm"),
      variant: "danger",
      action: () => signOut.mutateAsync(),
    });
    if (done) await navigate(href("changePassword"));
  }

  return (
    <SectionCard title={t("account.activity.title")} description={t("account.activity.description")} width="wide">
      <QueryContent query={activity}>
        {(data) => (
          <>
            {data.events.length === 0 ? (
              <p>{t("account.activity.none")}</p>
            ) : (
              <ListTable
                label={t("account.activity.table")}
                columns={[
                  t("account.activity.what"),
                  t("account.activity.device"),
                  t("account.activity.ipAddress"),
                  t("account.activity.when"),
                ]}
              >
                {data.events.map((event, index) => (
                  <tr key={`${event.at}-${String(index)}`}>
                    <td data-label={t("account.activity.what")}>
                      {t(`account.activity.events.${event.type}`, {
                        method: event.method ? t(`account.activity.methods.${event.method}`, { defaultValue: event.method }) : "",
                      })}{" "}
                      {event.new_device && (
                        <Badge bg="warning" text="dark">
                          {t("account.activity.newDevice")}
                        </Badge>
                      )}
                    </td>
                    <td data-label={t("account.activity.device")}>
                      {event.type === "sign_in" || event.type === "sign_in_failed" ? deviceName(event.device) : ""}
                    </td>
                    <td data-label={t("account.activity.ipAddress")}>{event.ip ?? ""}</td>
                    <td data-label={t("account.activity.when")}>{formatDateTime(event.at)}</td>
                  </tr>
                ))}
              </ListTable>
            )}
            {data.devices.length > 0 && (
              <p className="small">
                {t("account.activity.knownDevices", {
                  devices: data.devices.map(deviceName).join(", "),
                })}
              </p>
            )}
            <Button variant="outline-danger" disabled={!hydrated} onClick={() => void notMe()}>
              {t("account.activity.notMe.button")}
            </Button>
          </>
        )}
      </QueryContent>
      {dialog}
    </SectionCard>
  );
}
