// Placeholders so the router can mount every flow route while the pages are built.
function Placeholder({ title }: { title: string }) {
  return <h1>{title}</h1>;
}

export const LoginPage = () => <Placeholder title="Sign in" />;
export const RegistrationPage = () => <Placeholder title="Create account" />;
export const RecoveryPage = () => <Placeholder title="Recover your account" />;
export const VerificationPage = () => <Placeholder title="Verify Account" />;
export const SettingsPage = () => <Placeholder title="Account Settings" />;
export const ChangePasswordPage = () => <Placeholder title="Recovery" />;
export const ErrorPage = () => <Placeholder title="Something went wrong" />;
