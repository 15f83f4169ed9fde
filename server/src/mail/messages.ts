// The security mails the portal sends and what each needs to say. The words
// are in the catalog (catalog-en.ts); this file only knows the shapes.
import type { OutgoingMail } from "../services/portal-state.js";
import { en } from "./catalog-en.js";

export type SecondFactor = "totp" | "webauthn" | "passkey" | "lookup_secret";

interface Common {
  /** When it happened, already formatted for the reader. */
  at: string;
  /** Account Settings, where "this wasn't me" leads. */
  settingsUrl: string;
}

export interface MailParams {
  sign_in_new_device: Common & { browser: string; os: string; ip: string };
  password_changed: Common;
  second_factor_added: Common & { method: SecondFactor };
  second_factor_removed: Common & { method: SecondFactor };
  email_changed: Common & { from: string; to: string };
  recovery_used: Common;
  account_deleted: Pick<Common, "at">;
  account_deleted_by_admin: Pick<Common, "at">;
  role_granted: Common & { role: string };
  role_revoked: Common & { role: string };
  account_deactivated: Pick<Common, "at">;
  account_reactivated: Common;
}

export type MailId = keyof MailParams;

export type MailCatalog = { [Id in MailId]: { subject: string; text: (params: MailParams[Id]) => string } };

/** A mail time: UTC, to the minute ("approximate time"): the reader's zone is not known. */
export const mailTime = (date: Date): string => `${date.toISOString().slice(0, 16).replace("T", " ")} UTC`;

export function renderMail<Id extends MailId>(id: Id, to: string, params: MailParams[Id]): OutgoingMail {
  // Languages come later: then the account's language picks the catalog.
  const message = en[id];
  return { to, subject: message.subject, text: message.text(params) };
}
