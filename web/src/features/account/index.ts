// The account's own life: its recent security activity, and deleting it.
export { ActivityCard } from "./components/activity-card";
export { DeleteAccountCard } from "./components/delete-account-card";
