// The flow pages the router mounts. Each page reads its own URL query.
import "./flows.css";
export { ChangePasswordPage } from "./pages/change-password-page";
export { ErrorPage } from "./pages/error-page";
export { LoginPage } from "./pages/login-page";
export { RecoveryPage } from "./pages/recovery-page";
export { RegistrationPage } from "./pages/registration-page";
export { SettingsPage } from "./pages/settings-page";
export { VerificationPage } from "./pages/verification-page";
