// The /api/invitations shapes, from the server's schemas (types only: nothing
// of the server is bundled into the app).
import type {
  Invitation,
  InvitationBody,
  InvitationCheck,
  InvitationCheckBody,
  InvitationList,
  InvitationSent,
} from "#contract/schemas/invitations.js";
import { usersKey } from "./user-types";

export type { Invitation, InvitationBody, InvitationCheck, InvitationCheckBody, InvitationList, InvitationSent };

export const invitationsPath = "/api/invitations";

/** Under Manage Users' key: a change to an invitation refreshes the lists of people too. */
export const invitationsKey = [...usersKey, "invitations"] as const;

export const invitationPath = (id: string) => `${invitationsPath}/${encodeURIComponent(id)}`;
