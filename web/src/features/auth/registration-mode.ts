// Who may create an account (REGISTRATION, docs/invitations.md): anyone, or only
// whom an admin invites, as the server says in the page's runtime configuration.
import { bootConfig } from "../../lib/boot-data";

/** False when accounts are by invitation only: no page offers to create one. */
export function registrationOpen(): boolean {
  return bootConfig()?.REGISTRATION !== "invite-only";
}
