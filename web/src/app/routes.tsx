// Every route of the SPA. Public routes (their handle says so) render on their
// own; every other route needs a session and renders inside the shell (spec
// §2, §6), except Hydra's consent page: it needs a session, but stands alone
// like /login, so the gate sends a signed-out user to sign in and back.
import { Navigate, type RouteObject } from "react-router-dom";
import { ErrorPage, LoginPage, RecoveryPage, RegistrationPage, VerificationPage } from "../features/auth";
import { ManageClientsPage } from "../features/clients";
import { ConnectedAppsCard } from "../features/connected-apps";
import { ConsentPage } from "../features/consent";
import { SessionsCard } from "../features/sessions";
import { ChangePasswordPage, SettingsPage } from "../features/settings";
import { paths } from "../lib/paths";
import { LogoutPage } from "./pages/logout-page";
import { NotFoundPage } from "./pages/not-found-page";
import { RouteErrorPage } from "./pages/route-error-page";
import { PublicLayout } from "./public-layout";
import { RequireRole } from "./require-role";
import { RootLayout } from "./root-layout";
import { publicRoute } from "./route-access";
import { ShellLayout } from "./shell/shell-layout";

export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteErrorPage />,
    children: [
      {
        element: <PublicLayout />,
        children: [
          { path: paths.login, element: <LoginPage />, handle: publicRoute },
          { path: paths.registration, element: <RegistrationPage />, handle: publicRoute },
          { path: paths.recovery, element: <RecoveryPage />, handle: publicRoute },
          { path: paths.logout, element: <LogoutPage />, handle: publicRoute },
          { path: paths.error, element: <ErrorPage />, handle: publicRoute },
          { path: paths.consent, element: <ConsentPage /> },
        ],
      },
      {
        element: <ShellLayout />,
        children: [
          { index: true, element: <Navigate to={paths.settings} replace /> },
          { path: paths.verification, element: <VerificationPage /> },
          {
            path: paths.settings,
            element: (
              <SettingsPage>
                <SessionsCard />
                <ConnectedAppsCard />
              </SettingsPage>
            ),
          },
          { path: paths.changePassword, element: <ChangePasswordPage /> },
          {
            path: paths.manageClients,
            element: (
              <RequireRole role="admin">
                <ManageClientsPage />
              </RequireRole>
            ),
          },
          { path: "*", element: <NotFoundPage /> },
        ],
      },
    ],
  },
];
