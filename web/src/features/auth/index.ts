// Signing up, in and out of trouble: the flow pages the router mounts. Each page reads its own URL query.
// Verification, a page of signed-in users, is not here: the router loads it on demand from its own module,
// so that it stays out of the sign-in page's bundle.
export { ErrorPage } from "./pages/error-page";
export { LoginPage } from "./pages/login-page";
export { RecoveryPage } from "./pages/recovery-page";
export { RegistrationPage } from "./pages/registration-page";
