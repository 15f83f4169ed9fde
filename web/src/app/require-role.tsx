// Access control as a property of the route: the router wraps a page in it.
import type { ReactNode } from "react";
import { hasRole, useCurrentSession } from "../lib/current-session";
import { NotAllowedPage } from "./pages/not-allowed-page";

export function RequireRole({ role, children }: { role: string; children: ReactNode }) {
  const { session } = useCurrentSession();
  return hasRole(session, role) ? children : <NotAllowedPage />;
}
