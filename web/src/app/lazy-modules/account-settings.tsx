// /settings, as the app composes it: the settings feature's page, with the
// cards of the features that have no page of their own, each in its section
// (features do not import each other, so the app puts them together).
import { ActivityCard, DeleteAccountCard, DownloadDataCard, FailedSignInsNotice } from "../../features/account";
import { ConnectedAppsCard } from "../../features/connected-apps";
import { SessionsCard } from "../../features/sessions";
import { SettingsPage } from "../../features/settings";

export default function AccountSettings() {
  return (
    <SettingsPage
      notice={<FailedSignInsNotice />}
      devices={
        <>
          <SessionsCard />
          <ActivityCard />
        </>
      }
      applications={<ConnectedAppsCard />}
      data={
        <>
          <DownloadDataCard />
          <DeleteAccountCard />
        </>
      }
    />
  );
}
