// Account Settings and Recovery: what the settings flow lets a signed-in user change.
export { ChangePasswordPage } from "./pages/change-password-page";
export { SettingsPage } from "./pages/settings-page";
