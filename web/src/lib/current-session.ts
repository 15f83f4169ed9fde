// The signed-in user, for any page inside the shell. The app's session gate
// provides it; pages only read it (and refresh it after changing the identity).
import { createContext, useContext } from "react";
import type { SessionBody } from "#contract/schemas/session.js";

export type { SessionBody };

export interface CurrentSession {
  session: SessionBody;
  /** Reads /api/session again without the start-up spinner, e.g. after the name changed. */
  refresh: () => Promise<void>;
}

export const CurrentSessionContext = createContext<CurrentSession | null>(null);

export function useCurrentSession(): CurrentSession {
  const current = useContext(CurrentSessionContext);
  if (!current) throw new Error("useCurrentSession() is only available to pages inside the signed-in shell");
  return current;
}

export function hasRole(session: SessionBody, role: string): boolean {
  return session.roles.includes(role);
}

/** The identity's email trait, if it has one. */
export function emailOf(session: SessionBody): string | undefined {
  const { email } = session.identity.traits as { email?: unknown };
  return typeof email === "string" ? email : undefined;
}

/** "First Last" from the identity's traits, or the email when no name is set. */
export function displayName(session: SessionBody): string {
  const traits = session.identity.traits as { name?: { first?: unknown; last?: unknown } };
  const name = [traits.name?.first, traits.name?.last]
    .filter((part): part is string => typeof part === "string" && part.trim() !== "")
    .map((part) => part.trim())
    .join(" ");
  return name || (emailOf(session) ?? "");
}
