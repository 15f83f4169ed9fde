// Invitations: an admin brings a person in. The portal makes the person's
// identity (active, address unverified, no credentials, the roles chosen) with
// the invitation in its metadata_admin (kratos/invitees.ts), and mails a link
// with a secret of its own: random, kept only as its digest, with an end, good
// once; a resend replaces it, so the old link dies. Opening the link shows a
// welcome and nothing else (mail scanners fetch links); only the invitee's
// button accepts. Then, and only then, the portal asks Kratos for a recovery
// code, marks the address verified (opening the mail proved it) and hands the
// browser the code for Kratos' recovery flow, which signs the invitee in and
// sends them to Account Settings to choose a password.
//
// Every invitation, resend, revoke and acceptance is a line of the audit
// trail, written before it takes effect, as user-admin.ts does.
import { createHash, randomBytes, timingSafeEqual } from "node:crypto";
import type { Identity } from "@ory/client";
import { isLanguage, type Language } from "#contract/languages.js";
import { paths } from "#contract/paths.js";
import { withQuery } from "#contract/query.js";
import { rolesOf } from "#contract/roles.js";
import type { AcceptedInvitation, Invitation, InvitationBody, InvitationSent, InvitationWelcome } from "#contract/schemas/invitations.js";
import type { AuditAction } from "#contract/schemas/users.js";
import { ClientError } from "../errors.js";
import { mailLanguage } from "../language.js";
import { emailOf } from "../kratos/identities.js";
import { invitationOf, invitationUsed, type InvitationRecord } from "../kratos/invitees.js";
import type { KratosServices } from "../kratos/services.js";
import { mailTime, renderMail } from "../mail/messages.js";
import type { MailBrand } from "../mail/types.js";
import type { Outbox } from "../mail/outbox.js";
import type { PortalState } from "../state/portal-state.js";
import type { Actor } from "./user-admin.js";

/** The admin who invites, as Kratos holds them: their name for the mail, their identity schema for the invitee's. */
export interface Inviter extends Actor {
  name: string;
  schemaId: string;
}

export interface Invitations {
  /** 409 account_exists when the address has an account. */
  invite(inviter: Inviter, input: InvitationBody): Promise<InvitationSent>;
  /** For each address, in order: whether it already has an account (a pending invitee's included). Sends nothing. */
  accountsAmong(emails: readonly string[]): Promise<boolean[]>;
  /** The invitations not accepted yet, newest first. */
  pending(): Promise<Invitation[]>;
  /** A new link (the old one dies) and a new mail. 409 invitation_not_pending once accepted. */
  resend(inviter: Inviter, id: string): Promise<InvitationSent>;
  /** Deletes the invitee's identity, which was never used. 409 invitation_not_pending once it was. */
  revoke(actor: Actor, id: string): Promise<void>;
  /** What the link's page shows; invitation_invalid, _expired or _used otherwise. */
  welcome(token: string): Promise<InvitationWelcome>;
  /** Spends the link: the invitee's address verified, and a recovery code that signs them in once. */
  accept(token: string, ip: string): Promise<AcceptedInvitation>;
}

export interface InvitationsDeps {
  kratos: Pick<KratosServices, "invitees" | "identities">;
  state: Pick<PortalState, "audit" | "activity" | "withLock">;
  outbox: Pick<Outbox, "send">;
  /** The portal's origin: the link, and the site the mail names. */
  origin: string;
  /** How long a link works, in seconds. */
  lifespan: number;
  /** The product's name and support contact that sign the mails (docs/branding.md). */
  brand: MailBrand;
}

/** How long Kratos' recovery code lasts: the browser submits it right after accepting. */
const recoveryCodeLifespan = "15m";

/** How many of a list's addresses, or of the pending invitees' sessions, are looked up in Kratos at once. */
const lookupsAtOnce = 4;

const digest = (secret: string) => createHash("sha256").update(secret).digest("base64url");

const sameDigest = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

/** First and last name from the identity's traits; "" without. */
export function nameOf(identity: Pick<Identity, "traits">): string {
  const name = (identity.traits as { name?: { first?: unknown; last?: unknown } } | null | undefined)?.name;
  return [name?.first, name?.last].filter((part): part is string => typeof part === "string" && part !== "").join(" ");
}

function invitationView(identity: Identity, invitation: InvitationRecord): Invitation {
  return {
    id: identity.id,
    email: emailOf(identity),
    name: nameOf(identity),
    roles: rolesOf(identity.metadata_public),
    language: invitation.language,
    invited_by: invitation.invited_by_email,
    sent_at: invitation.sent_at,
    expires_at: invitation.expires_at,
  };
}

export function invitations({ kratos, state, outbox, origin, lifespan, brand }: InvitationsDeps): Invitations {
  const invitees = kratos.invitees;
  const site = new URL(origin).host;

  const record = (actor: Actor, subject: string, action: AuditAction) =>
    state.audit.add({
      action,
      actor_id: actor.id,
      actor_email: actor.email,
      subject_id: subject,
      at: new Date().toISOString(),
      ip: actor.ip,
    });

  /** A new secret for the link (the mailed token is `<identity id>.<secret>`), the record's digest of it and its end. */
  function newLink() {
    const secret = randomBytes(32).toString("base64url");
    const sentAt = new Date();
    return {
      secret,
      tokenHash: digest(secret),
      sentAt: sentAt.toISOString(),
      expiresAt: new Date(sentAt.getTime() + lifespan * 1000),
    };
  }

  /** The invitation mail, to the address Kratos holds, in the invitation's language; "held" when none went out. */
  async function mail(
    invitee: Identity,
    inviter: Inviter,
    secret: string,
    expiresAt: Date,
    language: Language,
  ): Promise<InvitationSent["mail"]> {
    const email = emailOf(invitee);
    if (email === "") return "held";
    const who = inviter.name === "" ? inviter.email : `${inviter.name} (${inviter.email})`;
    const link = `${origin}${withQuery(paths.invitation, { token: `${invitee.id}.${secret}` })}`;
    const queued = await outbox.send(
      renderMail("invitation", email, { inviter: who, site, until: mailTime(expiresAt, language), link }, language, brand),
    );
    return queued ? "queued" : "held";
  }

  /**
   * Whether the invitation was used: accepted, or the identity holds more than the invitation made (invitationUsed),
   * or someone signed in as the invitee by any method, an emailed code included, which changes no credential: a
   * session in Kratos, active or not, or a line of the account's activity (Kratos' hooks write one at each sign-in,
   * and it outlives a session an admin deleted).
   */
  const used = async (identity: Identity, invitation: InvitationRecord) =>
    invitationUsed(identity, invitation) || (await state.activity.list(identity.id)).length > 0 || (await invitees.hasSession(identity.id));

  /** The invitee and their pending invitation; 404 user_not_found without one, 409 once it was used. */
  async function pendingOf(id: string): Promise<{ identity: Identity; invitation: InvitationRecord }> {
    const identity = await invitees.get(id);
    const invitation = identity && invitationOf(identity);
    if (!identity || !invitation) throw new ClientError(404, "user_not_found");
    if (await used(identity, invitation)) throw new ClientError(409, "invitation_not_pending");
    return { identity, invitation };
  }

  /** The identity and invitation a link names, checked: its secret, its end, not used yet. */
  async function linked(token: string): Promise<{ identity: Identity; invitation: InvitationRecord }> {
    const [id = "", secret = ""] = token.split(".");
    const identity = await invitees.get(id);
    const invitation = identity && invitationOf(identity);
    if (!identity || !invitation || !sameDigest(digest(secret), invitation.token_hash)) throw new ClientError(404, "invitation_invalid");
    if (await used(identity, invitation)) throw new ClientError(410, "invitation_used");
    if (Date.parse(invitation.expires_at) <= Date.now()) throw new ClientError(410, "invitation_expired");
    return { identity, invitation };
  }

  const lockOf = (id: string) => `invitation:${id}`;

  /** Whether the address (any case) is an identifier of an identity in Kratos. */
  const hasAccount = async (email: string) =>
    (await kratos.identities.search({ email: email.toLowerCase(), match: "exact", pageSize: 1 })).items.length > 0;

  return {
    async invite(inviter, input) {
      if (await hasAccount(input.email)) throw new ClientError(409, "account_exists");
      const email = input.email.toLowerCase();
      const first = input.first_name?.trim() ?? "";
      const last = input.last_name?.trim() ?? "";
      const link = newLink();
      const invitation: InvitationRecord = {
        token_hash: link.tokenHash,
        invited_by_id: inviter.id,
        invited_by_email: inviter.email,
        sent_at: link.sentAt,
        expires_at: link.expiresAt.toISOString(),
        language: input.language,
        notify: input.notify,
      };
      const identity = await invitees.create({
        schemaId: inviter.schemaId,
        traits: {
          email,
          ...(first === "" && last === "" ? {} : { name: { ...(first === "" ? {} : { first }), ...(last === "" ? {} : { last }) } }),
          language: input.language,
        },
        roles: [...input.roles],
        invitation,
      });
      await record(inviter, identity.id, "invitation_sent");
      const sent = await mail(identity, inviter, link.secret, link.expiresAt, input.language);
      return { ...invitationView(identity, invitation), mail: sent };
    },

    async accountsAmong(emails) {
      const unique = [...new Set(emails.map((email) => email.toLowerCase()))];
      const found = new Map<string, boolean>();
      for (let start = 0; start < unique.length; start += lookupsAtOnce) {
        const batch = unique.slice(start, start + lookupsAtOnce);
        const answers = await Promise.all(batch.map(hasAccount));
        batch.forEach((email, index) => found.set(email, answers[index]));
      }
      return emails.map((email) => found.get(email.toLowerCase()) === true);
    },

    async pending() {
      const candidates = (await invitees.invited()).flatMap((identity) => {
        const invitation = invitationOf(identity);
        return invitation && !invitationUsed(identity, invitation) ? [{ identity, invitation }] : [];
      });
      const views: Invitation[] = [];
      for (let start = 0; start < candidates.length; start += lookupsAtOnce) {
        const batch = candidates.slice(start, start + lookupsAtOnce);
        const answers = await Promise.all(batch.map(({ identity, invitation }) => used(identity, invitation)));
        batch.forEach(({ identity, invitation }, index) => {
          if (!answers[index]) views.push(invitationView(identity, invitation));
        });
      }
      return views.sort((a, b) => b.sent_at.localeCompare(a.sent_at));
    },

    resend: (inviter, id) =>
      state.withLock(lockOf(id), async () => {
        const { identity, invitation } = await pendingOf(id);
        const link = newLink();
        const renewed: InvitationRecord = {
          ...invitation,
          token_hash: link.tokenHash,
          sent_at: link.sentAt,
          expires_at: link.expiresAt.toISOString(),
        };
        await record(inviter, id, "invitation_resent");
        await invitees.setInvitation(identity, renewed);
        const language = isLanguage(invitation.language) ? invitation.language : mailLanguage(identity.traits);
        const sent = await mail(identity, inviter, link.secret, link.expiresAt, language);
        return { ...invitationView(identity, renewed), mail: sent };
      }),

    revoke: (actor, id) =>
      state.withLock(lockOf(id), async () => {
        await pendingOf(id);
        await record(actor, id, "invitation_revoked");
        await kratos.identities.delete(id);
      }),

    async welcome(token) {
      const { identity, invitation } = await linked(token);
      return { name: nameOf(identity), expires_at: invitation.expires_at };
    },

    accept: (token, ip) =>
      state.withLock(lockOf(token.split(".")[0] ?? ""), async () => {
        const { identity, invitation } = await linked(token);
        const email = emailOf(identity);
        await record({ id: identity.id, email, ip }, identity.id, "invitation_accepted");
        const recovery = await invitees.recoveryCode(identity.id, recoveryCodeLifespan);
        await invitees.markVerified(identity);
        const acceptedAt = new Date();
        await invitees.setInvitation(identity, { ...invitation, accepted_at: acceptedAt.toISOString() });
        if (invitation.notify) {
          const inviter = await kratos.identities.get(invitation.invited_by_id);
          const to = inviter ? emailOf(inviter) : "";
          if (inviter && to !== "") {
            const language = mailLanguage(inviter.traits);
            const usersUrl = `${origin}${paths.manageUsers}`;
            await outbox.send(
              renderMail("invitation_accepted", to, { invitee: email, at: mailTime(acceptedAt, language), usersUrl }, language, brand),
            );
          }
        }
        return recovery;
      }),
  };
}
