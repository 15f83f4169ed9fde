// Connected apps: the applications a user allowed through the consent page, and taking that back.
export { ConnectedAppsCard } from "./components/connected-apps-card";
