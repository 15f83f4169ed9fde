// /api/invitations: admins invite people (Manage Users) and see who has not
// accepted yet; /api/invitation: the invitee's link, read and accepted. Only
// what the pages show goes out: never the token's digest or Kratos' admin
// metadata as such.
import { Type, type Static } from "@sinclair/typebox";
import { emailAddressFormat, emailAddressMax } from "../email-address.js";
import { invitationListMax } from "../invitation-list.js";
import { languages } from "../languages.js";
import { grantableRoles } from "../roles.js";
import { Input } from "./input.js";

const StringEnum = <T extends readonly string[]>(values: T) => Type.Unsafe<T[number]>({ type: "string", enum: [...values] });

/**
 * The identity schema's bounds (config/kratos/identity.schema.json): Kratos would refuse more. The address is
 * checked as Kratos checks it (contract/email-address.ts), through the server's format of that name.
 */
export const InvitationBody = Input({
  email: Type.String({ format: emailAddressFormat, maxLength: emailAddressMax }),
  first_name: Type.Optional(Type.String({ maxLength: 100 })),
  last_name: Type.Optional(Type.String({ maxLength: 100 })),
  /** The invitee's language: their mail, and their pages until they choose another. */
  language: StringEnum(languages),
  /** From the role contract; none is a plain account. */
  roles: Type.Array(StringEnum(grantableRoles), { maxItems: grantableRoles.length, uniqueItems: true }),
  /** Mail the inviting admin when the invitation is accepted. */
  notify: Type.Boolean(),
});
export type InvitationBody = Static<typeof InvitationBody>;

/** A pending invitation, as Manage Users lists it. */
export const Invitation = Type.Object({
  /** The invitee's identity id. */
  id: Type.String(),
  email: Type.String(),
  /** First and last name as the admin gave them; "" without. */
  name: Type.String(),
  roles: Type.Array(Type.String()),
  language: Type.String(),
  /** The inviting admin's address when they sent it. */
  invited_by: Type.String(),
  sent_at: Type.String(),
  expires_at: Type.String(),
});
export type Invitation = Static<typeof Invitation>;

/**
 * An invitation just sent or sent again, and what became of its mail: queued, or held because the address had
 * all the portal's mails of the window (LIMIT_PORTAL_MAIL_ADDRESS), so that nothing went out and the admin can
 * resend it later.
 */
export const InvitationSent = Type.Composite([
  Invitation,
  Type.Object({ mail: Type.Union([Type.Literal("queued"), Type.Literal("held")]) }),
]);
export type InvitationSent = Static<typeof InvitationSent>;

export const InvitationList = Type.Object({ items: Type.Array(Invitation) });
export type InvitationList = Static<typeof InvitationList>;

/**
 * A list's addresses, before it is sent: which of them already have an account (or a pending invitation). Only
 * admins may ask, as for one invitation. Each address as the row has it: the browser checks its form, the invitation
 * itself checks it again.
 */
export const InvitationCheckBody = Input({
  emails: Type.Array(Type.String({ minLength: 1, maxLength: emailAddressMax }), { minItems: 1, maxItems: invitationListMax }),
});
export type InvitationCheckBody = Static<typeof InvitationCheckBody>;

/** For each address of the request, in its order: whether it already has an account. */
export const InvitationCheck = Type.Object({ accounts: Type.Array(Type.Boolean()) });
export type InvitationCheck = Static<typeof InvitationCheck>;

export const InvitationParams = Input({ id: Type.String({ format: "uuid" }) });

/** The mailed link's secret: the invitee's id and a random part, base64url. */
export const InvitationToken = Type.String({ minLength: 40, maxLength: 100, pattern: "^[0-9a-f-]{36}\\.[A-Za-z0-9_-]{43}$" });

export const InvitationQuery = Input({ token: InvitationToken });
export const AcceptInvitationBody = Input({ token: InvitationToken });

/** What the invitee's page shows before they accept: their name from the invitation (Kratos' traits), never the request's. */
export const InvitationWelcome = Type.Object({ name: Type.String(), expires_at: Type.String() });
export type InvitationWelcome = Static<typeof InvitationWelcome>;

/**
 * Accepting: a Kratos recovery flow the portal made for the invitee (admin recovery code), which the browser
 * submits the code to. Kratos then signs them in and sends them to Account Settings to choose a password.
 */
export const AcceptedInvitation = Type.Object({ flow: Type.String(), code: Type.String() });
export type AcceptedInvitation = Static<typeof AcceptedInvitation>;
