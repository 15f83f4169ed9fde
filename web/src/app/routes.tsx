// Every route of the SPA. Public routes render on their own; every other
// route needs a session and renders inside the shell (spec §2, §6), except
// Hydra's consent page: it needs a session, but stands alone like /login.
import { Navigate, type RouteObject } from "react-router-dom";
import {
  ChangePasswordPage,
  ErrorPage,
  LoginPage,
  RecoveryPage,
  RegistrationPage,
  SettingsPage,
  VerificationPage,
} from "../features/flows";
import { ManageClientsPage } from "../features/clients";
import { ConsentPage } from "../features/oauth2";
import { paths } from "../lib/paths";
import { LogoutPage } from "./pages/logout-page";
import { NotFoundPage } from "./pages/not-found-page";
import { RouteErrorPage } from "./pages/route-error-page";
import { PublicLayout } from "./public-layout";
import { RequireRole } from "./require-role";
import { RootLayout } from "./root-layout";
import { ShellLayout } from "./shell/shell-layout";

export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteErrorPage />,
    children: [
      {
        element: <PublicLayout />,
        children: [
          { path: paths.login, element: <LoginPage /> },
          { path: paths.registration, element: <RegistrationPage /> },
          { path: paths.recovery, element: <RecoveryPage /> },
          { path: paths.logout, element: <LogoutPage /> },
          { path: paths.error, element: <ErrorPage /> },
          { path: paths.consent, element: <ConsentPage /> },
        ],
      },
      {
        element: <ShellLayout />,
        children: [
          { index: true, element: <Navigate to={paths.settings} replace /> },
          { path: paths.verification, element: <VerificationPage /> },
          { path: paths.settings, element: <SettingsPage /> },
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
