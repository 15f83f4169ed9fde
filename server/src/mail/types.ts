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

/**
 * A security mail's one-time undo link (services/undo.ts), only in a mail to the address the account had before
 * the change: the catalog's `undo` words it below the mail's text.
 */
interface Undoable {
  undoLink?: string;
}

export interface MailParams {
  /** The device's names from contract/devices.ts' lists ("" where unknown, which the catalog words); ip "" when unknown. */
  sign_in_new_device: Common & Device & { ip: string };
  password_changed: Common & Undoable;
  second_factor_added: Common & Undoable & { method: SecondFactor };
  second_factor_removed: Common & Undoable & { method: SecondFactor };
  email_changed: Common & Undoable & { from: string; to: string };
  /** A sign-in provider, by its name (Google, or the id an operator gave it). */
  provider_linked: Common & Undoable & { provider: string };
  provider_unlinked: Common & { provider: string };
  recovery_used: Common;
  /** Wrong passwords locked the sign-in (LIMIT_SIGN_IN_ACCOUNT) for browsers the owner has not used: until when, and the recovery page. */
  sign_in_locked: Pick<Common, "at"> & { until: string; recoveryUrl: string };
  account_deleted: Pick<Common, "at">;
  account_deleted_by_admin: Pick<Common, "at">;
  role_granted: Common & { role: string };
  role_revoked: Common & { role: string };
  account_deactivated: Pick<Common, "at">;
  account_reactivated: Common;
  /** Who invited (their name and address, from Kratos), to which portal (its origin), until when, and the link. */
  invitation: { inviter: string; site: string; until: string; link: string };
  /**
   * After an undo, to the restored address (Kratos' after the undo): Kratos' recovery code for the account, its
   * recovery page and until when the code works.
   */
  change_undone: Pick<Common, "at"> & { code: string; link: string; until: string };
  /** To the inviting admin, who asked to be told: who accepted (their address, from Kratos), when, and Manage Users. */
  invitation_accepted: Pick<Common, "at"> & { invitee: string; usersUrl: string };
}

export type MailId = keyof MailParams;

export type MailMessages = { [Id in MailId]: { subject: string; text: (params: MailParams[Id]) => string } };

/** The words of one of Kratos' code mails; `code` and `link` are given Kratos' own values (template actions). */
export interface CodeMailWords {
  subject: string;
  /** The sentence that gives the code. */
  code: (code: string) => string;
  /** What to do with it. */
  text: string;
}

/** Kratos' code mails (config/kratos/courier-templates), by Kratos' template name. */
export interface KratosMails {
  recovery_code: CodeMailWords;
  verification_code: CodeMailWords & { link: (link: string) => string };
  login_code: CodeMailWords;
  registration_code: CodeMailWords;
}

export type KratosMailId = keyof KratosMails;

export type MailCatalog = MailMessages & {
  /** The paragraph that offers a security mail's undo link (services/undo.ts). */
  undo: (link: string) => string;
  /** The lines below every mail. */
  footer: { support: (contact: string) => string };
  /** The product's name when the operator gave none. */
  productName: string;
  kratos: KratosMails;
};

/** A picture sent inside the mail, which the HTML shows by its Content-ID (`cid:`): no mail fetches anything. */
export interface MailImage {
  cid: string;
  filename: string;
  contentType: string;
  /** The file as read (a Buffer on the server; typed by its base class so that the catalogs, which import these shapes, need no Node types). */
  content: Uint8Array;
}

/** The colours of the mail's links and header: readable on its light and on its dark background (design.ts). */
export interface MailAccent {
  light: string;
  dark: string;
}

/** Whose mail it is (docs/branding.md): the product's name in a language, if the operator gave one, where to get help, its colour and mark. */
export interface MailBrand {
  productName: (language: string) => string | undefined;
  support: string | undefined;
  accent: MailAccent;
  /** The operator's mark (BRAND_MARK) and its dark variant, inline in every mail. */
  mark: { light: MailImage; dark?: MailImage } | undefined;
}

/** One mail, as the outbox keeps it: rendered, ready for SMTP; its images are the brand's, which the outbox attaches. */
export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  /** The same, in HTML (design.ts); the plain text alone in a mail queued before there was one. */
  html?: string;
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
