// The flow pages the router mounts. Each page reads its own URL query.
export { LoginPage, RegistrationPage, RecoveryPage, VerificationPage, SettingsPage, ChangePasswordPage, ErrorPage } from "./pages";
