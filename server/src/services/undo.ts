// Undo from the mail: the security mail about a change (an address changed,
// a password changed, a second factor added or removed, a provider linked)
// carries a one-time link to the address the account had BEFORE the change.
// The link's secret is as strong as an invitation's (256 random bits), only
// its digest is kept (the portal state, by account), it works for 7 days and
// once. Opening it only reads (mail scanners fetch links); confirming, under
// the account's lock:
//
//   1. the audit trail gets its line (before anything changes, as user-admin.ts);
//   2. the address is set back to the link's, marked verified, and the password
//      replaced by a random one nobody knows (the old hash cannot come back);
//   3. every second factor and linked provider added since the change goes;
//   4. every session of the account ends;
//   5. Kratos' recovery code for the account is mailed to the address Kratos
//      now holds, and the account's activity says what happened.
//
// The rule that keeps an attacker from undoing the owner's undo (or the
// owner's later recovery): a link goes only to the address in place before
// its change, and an undo spends every link of the account for a change at
// or after its own change's time. An attacker who took over the address
// gets links only for what happened after the takeover, which the owner's
// undo of the takeover spends; a link for an earlier change went to an
// address held even earlier. The undo's own changes leave the snapshot the
// security mails compare with as Kratos has it after the undo, so that they
// are no "change" whose mail would carry a link to the attacker's address.
import { createHash, randomBytes, timingSafeEqual } from "node:crypto";
import type { Identity, IdentityCredentials } from "@ory/client";
import { paths } from "#contract/paths.js";
import { withQuery } from "#contract/query.js";
import { providerNameOf } from "#contract/providers.js";
import type { UndoableChange, UndoDone, UndoView } from "#contract/schemas/undo.js";
import { ClientError } from "../errors.js";
import { mailLanguage } from "../language.js";
import { emailOf, type CredentialSnapshot } from "../kratos/identities.js";
import type { RemovableFactor } from "../kratos/account-undo.js";
import type { KratosServices } from "../kratos/services.js";
import { mailTime, renderMail } from "../mail/messages.js";
import type { MailBrand } from "../mail/types.js";
import type { Outbox } from "../mail/outbox.js";
import type { PortalState } from "../state/portal-state.js";

/** How long a link works: a week, for a holiday's mail. */
export const undoLifespanMs = 7 * 24 * 60 * 60_000;

/** How long the mailed recovery code works (Kratos' expires_in). */
const recoveryCodeLifespanMs = 60 * 60_000;

/** One link, as the portal state keeps it: never its secret. */
export interface UndoLinkRecord {
  token_hash: string;
  change: UndoableChange;
  /** The second factor's kind or the provider's name the mail named. */
  method?: string;
  /** When the change was made (ISO); the undo reverts what happened since. */
  at: string;
  expires_at: string;
  /** The address in place before the change: the link was mailed there, and the undo sets it back. */
  address: string;
  /** The account's credentials before the change (dates and digests, no secret). */
  before: CredentialSnapshot;
  used_at?: string;
}

export interface UndoChange {
  change: UndoableChange;
  method?: string;
  /** The address in place before the change, where the mail goes. */
  address: string;
  before: CredentialSnapshot;
  /** When the change was seen, taken before its activity line is written: the undo reverts that line's change too. */
  at: Date;
}

export interface UndoLinks {
  /** A new link for a change, kept as its digest; the URL for the mail. */
  issue(account: string, change: UndoChange): Promise<string>;
  /** What the link would revert; undo_invalid, undo_expired or undo_used otherwise. Changes nothing. */
  view(token: string): Promise<UndoView>;
  /** Reverts the change and everything since (see above); `ip` for the audit trail. */
  confirm(token: string, ip: string): Promise<UndoDone>;
}

export interface UndoDeps {
  kratos: Pick<KratosServices, "identities" | "accountUndo">;
  state: Pick<PortalState, "undoLinks" | "withLock" | "activity" | "audit" | "swapSnapshot">;
  outbox: Pick<Outbox, "send">;
  /** The portal's origin, for the links. */
  origin: string;
  brand: MailBrand;
}

const digest = (secret: string) => createHash("sha256").update(secret).digest("base64url");
const sameDigest = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

const removableFactors: readonly RemovableFactor[] = ["totp", "webauthn", "lookup_secret"];

/** The kinds of second factor that the account has now and did not have, or had fewer of, before. */
function factorsGained(before: CredentialSnapshot, now: CredentialSnapshot): RemovableFactor[] {
  return removableFactors.filter((type) =>
    type === "lookup_secret" ? now.lookup_secret !== "" && now.lookup_secret !== before.lookup_secret : now[type] > before[type],
  );
}

/** The identity's linked provider accounts as Kratos names them for removal: `<provider>:<subject>`. */
function providerAccountsOf(identity: Identity): { provider: string; identifier: string }[] {
  const credentials: Partial<Record<string, IdentityCredentials>> = identity.credentials ?? {};
  const config = (credentials.oidc?.config ?? {}) as { providers?: unknown };
  const providers = Array.isArray(config.providers) ? (config.providers as { provider?: unknown; subject?: unknown }[]) : [];
  return providers.flatMap(({ provider, subject }) =>
    typeof provider === "string" && typeof subject === "string" ? [{ provider, identifier: `${provider}:${subject}` }] : [],
  );
}

export function undoLinks({ kratos, state, outbox, origin, brand }: UndoDeps): UndoLinks {
  const lockOf = (account: string) => `undo:${account}`;
  const live = (links: UndoLinkRecord[]) => links.filter((link) => Date.parse(link.expires_at) > Date.now());
  const listOf = async (account: string) => live((await state.undoLinks.list(account)) as UndoLinkRecord[]);

  /** The account and its link that a token names, checked: its secret, not used, not expired. */
  async function linked(token: string): Promise<{ account: string; links: UndoLinkRecord[]; link: UndoLinkRecord }> {
    const [account = "", secret = ""] = token.split(".");
    const links = (await state.undoLinks.list(account)) as UndoLinkRecord[];
    const hash = digest(secret);
    const link = links.find((candidate) => sameDigest(candidate.token_hash, hash));
    if (!link) throw new ClientError(404, "undo_invalid");
    if (link.used_at !== undefined) throw new ClientError(410, "undo_used");
    if (Date.parse(link.expires_at) <= Date.now()) throw new ClientError(410, "undo_expired");
    return { account, links, link };
  }

  /** What changed since the link's change, beyond its snapshot: the second factors Kratos can remove, and the providers. */
  async function removeAddedSince(account: string, link: UndoLinkRecord) {
    const now = await kratos.identities.mailAccount(account);
    const identity = await kratos.identities.getWithFactors(account);
    if (!now || !identity) throw new ClientError(404, "undo_invalid");
    // The account's activity also names what was added and removed again in between (a replaced authenticator app).
    const since = (await state.activity.list(account)).filter((event) => event.at >= link.at);
    const named = since.flatMap((event) =>
      event.type === "second_factor_added" && removableFactors.includes(event.method as RemovableFactor)
        ? [event.method as RemovableFactor]
        : [],
    );
    const present = new Set([
      ...(identity.credentials?.totp ? ["totp"] : []),
      ...(now.snapshot.webauthn > 0 ? ["webauthn"] : []),
      ...(now.snapshot.lookup_secret !== "" ? ["lookup_secret"] : []),
    ]);
    for (const type of new Set([...factorsGained(link.before, now.snapshot), ...named]))
      if (present.has(type)) await kratos.accountUndo.removeFactor(account, type);
    const linkedNames = new Set(since.flatMap((event) => (event.type === "provider_linked" && event.method ? [event.method] : [])));
    const had = new Set(link.before.providers ?? []);
    for (const { provider, identifier } of providerAccountsOf(identity))
      if (!had.has(provider) || linkedNames.has(providerNameOf(provider))) await kratos.accountUndo.unlinkProvider(account, identifier);
  }

  return {
    issue: (account, change) =>
      state.withLock(lockOf(account), async () => {
        const secret = randomBytes(32).toString("base64url");
        const { at } = change;
        const record: UndoLinkRecord = {
          token_hash: digest(secret),
          change: change.change,
          ...(change.method === undefined ? {} : { method: change.method }),
          at: at.toISOString(),
          expires_at: new Date(at.getTime() + undoLifespanMs).toISOString(),
          address: change.address,
          before: change.before,
        };
        await state.undoLinks.save(account, [...(await listOf(account)), record], undoLifespanMs);
        return `${origin}${withQuery(paths.undo, { token: `${account}.${secret}` })}`;
      }),

    async view(token) {
      const { link } = await linked(token);
      return {
        change: link.change,
        at: link.at,
        expires_at: link.expires_at,
        ...(link.method === undefined ? {} : { method: link.method }),
      };
    },

    confirm: (token, ip) =>
      state.withLock(lockOf(token.split(".")[0] ?? ""), async () => {
        const { account, links, link } = await linked(token);
        const identity = await kratos.identities.get(account);
        if (!identity) throw new ClientError(404, "undo_invalid");
        const doneAt = new Date();
        await state.audit.add({
          action: "change_undone",
          actor_id: account,
          actor_email: link.address,
          subject_id: account,
          at: doneAt.toISOString(),
          ip,
        });
        await kratos.accountUndo.restore(identity, link.address);
        await removeAddedSince(account, link);
        await kratos.identities.revokeSessions(account);
        // Spent only once Kratos did it all: a link whose undo failed half-way can be tried again. This link and
        // every one for a change at or after its own: what they would revert, this undo reverted.
        const spent = links.map((other) =>
          other.at >= link.at && other.used_at === undefined ? { ...other, used_at: doneAt.toISOString() } : other,
        );
        await state.undoLinks.save(account, live(spent), undoLifespanMs);
        const restored = await kratos.identities.mailAccount(account);
        if (!restored) throw new ClientError(404, "undo_invalid");
        await state.swapSnapshot(account, restored.snapshot);
        await state.activity.add(account, { type: "change_undone", at: doneAt.toISOString() });
        const recovery = await kratos.identities.recoveryCode(account);
        const flow = new URL(recovery.recovery_link).searchParams.get("flow") ?? "";
        const language = mailLanguage(restored.traits);
        const to = emailOf({ traits: restored.traits });
        const queued =
          to !== "" &&
          (await outbox.send(
            renderMail(
              "change_undone",
              to,
              {
                at: mailTime(doneAt, language),
                code: recovery.recovery_code,
                link: `${origin}${withQuery(paths.recovery, { flow })}`,
                until: mailTime(new Date(doneAt.getTime() + recoveryCodeLifespanMs), language),
              },
              language,
              brand,
            ),
          ));
        return { mail: queued ? "queued" : "held" };
      }),
  };
}
