// Signing up, in and out of trouble: the flow pages the router mounts. Each page reads its own URL query.
export { ErrorPage } from "./pages/error-page";
export { LoginPage } from "./pages/login-page";
export { RecoveryPage } from "./pages/recovery-page";
export { RegistrationPage } from "./pages/registration-page";
export { VerificationPage } from "./pages/verification-page";
