// The account's own life: its recent security activity, downloading its data, and deleting it.
export { ActivityCard } from "./components/activity-card";
export { DeleteAccountCard } from "./components/delete-account-card";
export { DownloadDataCard } from "./components/download-data-card";
export { FailedSignInsNotice } from "./components/failed-sign-ins-notice";
