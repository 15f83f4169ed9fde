// The shapes of the portal's mail: what each security mail says (the
// catalogs word it), and a mail as the outbox keeps it. Below the catalogs,
// the outbox and the state that stores the outbox: they all import these,
// and this file imports none of them.
import type { Device } from "#contract/devices.js";

export type SecondFactor = "totp" | "webauthn" | "passkey" | "lookup_secret";

interface Common {
  /** When it happened, already formatted for the reader. */
  at: string;
  /** Account Settings, where "this wasn't me" leads. */
  settingsUrl: string;
}

export interface MailParams {
  /** The device's names from contract/devices.ts' lists ("" where unknown, which the catalog words); ip "" when unknown. */
  sign_in_new_device: Common & Device & { ip: string };
  password_changed: Common;
  second_factor_added: Common & { method: SecondFactor };
  second_factor_removed: Common & { method: SecondFactor };
  email_changed: Common & { from: string; to: string };
  /** A sign-in provider, by its name (Google, or the id an operator gave it). */
  provider_linked: Common & { provider: string };
  provider_unlinked: Common & { provider: string };
  recovery_used: Common;
  account_deleted: Pick<Common, "at">;
  account_deleted_by_admin: Pick<Common, "at">;
  role_granted: Common & { role: string };
  role_revoked: Common & { role: string };
  account_deactivated: Pick<Common, "at">;
  account_reactivated: Common;
  /** Who invited (their name and address, from Kratos), to which portal (its origin), until when, and the link. */
  invitation: { inviter: string; site: string; until: string; link: string };
  /** To the inviting admin, who asked to be told: who accepted (their address, from Kratos), when, and Manage Users. */
  invitation_accepted: Pick<Common, "at"> & { invitee: string; usersUrl: string };
}

export type MailId = keyof MailParams;

export type MailMessages = { [Id in MailId]: { subject: string; text: (params: MailParams[Id]) => string } };

export type MailCatalog = MailMessages & {
  /** The lines below every mail. */
  footer: { support: (contact: string) => string };
};

/** Whose mail it is (docs/branding.md): the product's name in a language, if the operator gave one, and where to get help. */
export interface MailBrand {
  productName: (language: string) => string | undefined;
  support: string | undefined;
}

/** One mail, as the outbox keeps it: rendered, ready for SMTP. */
export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
}

export interface OutboxEntry {
  id: string;
  mail: OutgoingMail;
  /** Failed sending attempts so far. */
  attempts: number;
  /** When it was queued, ms since the epoch. */
  queuedAt: number;
}

/** Where the outbox keeps its mail, durably (the portal state: Redis or a file, state/portal-state.ts). */
export interface OutboxStore {
  add(mail: OutgoingMail): Promise<void>;
  /** Up to `limit` entries that are due, each leased to this caller for leaseMs (no other portal gets it meanwhile). */
  claim(limit: number, leaseMs: number): Promise<OutboxEntry[]>;
  sent(id: string): Promise<void>;
  /** Tries again at dueAt. */
  later(entry: OutboxEntry, dueAt: number): Promise<void>;
}
