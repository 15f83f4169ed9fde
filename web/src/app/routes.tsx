// Every route of the SPA. Public routes (their handle says so) render on their
// own; every other route needs a session and renders inside the shell (spec
// §2, §6), except Hydra's consent page: it needs a session, but stands alone
// like /login, so the gate sends a signed-out user to sign in and back.
// The public pages are in the entry bundle; the others load when visited
// (lazy-pages.ts). A route's handle stays on the route object, outside its
// lazy part, so that matchRoutes knows a public route before anything loads.
import { Navigate, type RouteObject } from "react-router-dom";
import { ErrorPage, LoginPage, RecoveryPage, RegistrationPage } from "../features/auth";
import { paths } from "#contract/paths.js";
import { lazyPages } from "./lazy-pages";
import { lazyShell } from "./lazy-shell";
import { FullScreenSpinner } from "./pages/full-screen-spinner";
import { LogoutPage } from "./pages/logout-page";
import { NotFoundPage } from "./pages/not-found-page";
import { RouteErrorPage } from "./pages/route-error-page";
import { PublicLayout } from "./public-layout";
import { RequireRole } from "./require-role";
import { RootLayout } from "./root-layout";
import { publicRoute, serverRenderedRoute } from "./route-access";

export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteErrorPage />,
    // What shows while the code of the first page loads, where that page is not in the entry bundle.
    hydrateFallbackElement: <FullScreenSpinner />,
    children: [
      {
        element: <PublicLayout />,
        children: [
          { path: paths.login, element: <LoginPage />, handle: publicRoute },
          { path: paths.registration, element: <RegistrationPage />, handle: publicRoute },
          { path: paths.recovery, element: <RecoveryPage />, handle: publicRoute },
          { path: paths.logout, element: <LogoutPage />, handle: publicRoute },
          { path: paths.error, element: <ErrorPage />, handle: publicRoute },
          {
            path: paths.consent,
            handle: serverRenderedRoute,
            lazy: async () => ({ Component: (await lazyPages.consent()).ConsentPage }),
          },
        ],
      },
      {
        lazy: async () => ({ Component: (await lazyShell()).ShellLayout }),
        children: [
          { index: true, element: <Navigate to={paths.settings} replace /> },
          {
            path: paths.verification,
            handle: serverRenderedRoute,
            lazy: async () => ({ Component: (await lazyPages.verification()).VerificationPage }),
          },
          {
            // Its sections are at addresses below it, routed by the settings feature (contract/settings-sections.ts).
            path: `${paths.settings}/*`,
            handle: serverRenderedRoute,
            lazy: async () => {
              const [{ SettingsPage }, { SessionsCard }, { ConnectedAppsCard }, { ActivityCard, DeleteAccountCard, DownloadDataCard }] =
                await lazyPages.settings();
              return {
                element: (
                  <SettingsPage
                    devices={
                      <>
                        <SessionsCard />
                        <ActivityCard />
                      </>
                    }
                    applications={<ConnectedAppsCard />}
                    data={
                      <>
                        <DownloadDataCard />
                        <DeleteAccountCard />
                      </>
                    }
                  />
                ),
              };
            },
          },
          {
            path: paths.changePassword,
            lazy: async () => ({ Component: (await lazyPages.changePassword()).ChangePasswordPage }),
          },
          {
            path: paths.manageClients,
            handle: serverRenderedRoute,
            lazy: async () => {
              const { ManageClientsPage } = await lazyPages.manageClients();
              return {
                element: (
                  <RequireRole role="admin">
                    <ManageClientsPage />
                  </RequireRole>
                ),
              };
            },
          },
          {
            path: paths.manageUsers,
            lazy: async () => {
              const { ManageUsersPage } = await lazyPages.manageUsers();
              return {
                element: (
                  <RequireRole role="admin">
                    <ManageUsersPage />
                  </RequireRole>
                ),
              };
            },
          },
          {
            path: paths.manageUser,
            lazy: async () => {
              const { UserPage } = await lazyPages.manageUsers();
              return {
                element: (
                  <RequireRole role="admin">
                    <UserPage />
                  </RequireRole>
                ),
              };
            },
          },
          { path: "*", element: <NotFoundPage /> },
        ],
      },
    ],
  },
];
