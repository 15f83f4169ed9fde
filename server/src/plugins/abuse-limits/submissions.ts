// What a Kratos flow submission charges, read as Kratos v1.3.1 reads it
// (../../kratos/submission.ts refuses one that could be read two ways before
// anything is counted).
//
// Sign-in counts wrong attempts: per account whatever IP the guesses come
// from, but only for browsers the owner never signed in with; a browser with
// the account's device cookie (services/device-cookies.ts) counts on its own.
// The second factor has its own count per account, which a new first-factor
// sign-in does not clear. Mail (codes, recovery, verification, an email
// change) counts every request per address (from a known browser, per address
// and browser) and per IP, as does registration per IP.
import type { FastifyRequest } from "fastify";
import type { FlowKind } from "#contract/flows.js";
import type { KratosSessions } from "../../kratos/sessions.js";
import {
  ambiguousSubmission,
  assertNotInQuery,
  assertPlainContentType,
  normalizeIdentifier,
  readSubmission,
  sessionCredential,
  type SubmissionFields,
} from "../../kratos/submission.js";
import type { DeviceCookies } from "../../services/device-cookies.js";
import type { SessionAccounts } from "../../state/limit-stores.js";
import type { Charge } from "./charging.js";
import { accountKey, sessionKey, type LimitRules } from "./rules.js";

/** The fields of Kratos' oidc strategy that it reads from the query as well as the body. */
const oidcFields = ["provider", "link", "unlink", "method"];

/** Whether Kratos' oidc strategy takes the submission: no method, or "oidc" in any case (strings.EqualFold). */
const oidcMethod = (fields: SubmissionFields) => {
  const method = fields.first("method");
  return method === undefined || method === "" || method.toLowerCase() === "oidc";
};

/** An identifier as Kratos matches it, or undefined when there is none. */
export const accountOf = (value: string | undefined) => {
  const account = value === undefined ? "" : normalizeIdentifier(value);
  return account === "" ? undefined : account;
};

export interface SubmissionChargesOptions {
  rules: LimitRules;
  devices: DeviceCookies;
  /** Kratos' sessions: whose session a submission carries. */
  sessions: KratosSessions;
  /** The account each session signed in as here, at its first factor. */
  sessionAccounts: SessionAccounts;
  /** KRATOS_NATIVE_FLOWS: a session token counts as a session too. */
  nativeFlows: boolean;
}

/** The charges of a submission of this kind of flow; sets request.limitAccount to the account a sign-in names. */
export function submissionCharges({
  rules,
  devices,
  sessions,
  sessionAccounts,
  nativeFlows,
}: SubmissionChargesOptions): (kind: FlowKind, request: FastifyRequest) => Promise<Charge[]> {
  /** A wrong sign-in for the account: from its owner's known browser on that browser's count, else on the account's. */
  function signInCharges(request: FastifyRequest, account: string | undefined): Charge[] {
    const charges = rules.signInIp(request.ip, "reward");
    if (account === undefined) return charges;
    request.limitAccount = account;
    const device = devices.deviceFor(request.headers.cookie, account);
    charges.push(
      device === undefined
        ? { ...rules.signInAccount, key: accountKey(account), onSuccess: "clear" }
        : { ...rules.signInDevice, key: accountKey(`${account}\n${device}`), onSuccess: "clear" },
    );
    return charges;
  }

  /**
   * A mail to the address: per address, except from a browser the address's
   * owner signed in with, which has a quota of its own that requests from
   * elsewhere cannot spend.
   */
  function mailCharges(request: FastifyRequest, address: string | undefined, onSuccess?: Charge["onSuccess"]): Charge[] {
    const charges = rules.mailIp(request.ip, onSuccess);
    if (address === undefined) return charges;
    const device = devices.deviceFor(request.headers.cookie, address);
    charges.push(
      device === undefined
        ? { ...rules.mailAddress, key: accountKey(address), onSuccess }
        : { ...rules.mailDevice, key: accountKey(`${address}\n${device}`), onSuccess },
    );
    return charges;
  }

  /**
   * The account whose second factor this submission tries: the one its
   * session signed in as at the first factor here, else the one Kratos names
   * for the session's other sessions. A session Kratos will not find is not
   * counted: Kratos refuses the step without it.
   */
  async function secondFactorCharges(request: FastifyRequest): Promise<Charge[]> {
    const credential = sessionCredential(request, nativeFlows);
    if (credential === undefined) return [];
    const fingerprint = sessionKey(credential.value);
    const account = (await sessionAccounts.get(fingerprint)) ?? (await sessions.accountOf(credential.kratos));
    // An identity with no other session, whose first factor this store did not see (a restart, an expired link).
    const key = account === undefined ? `session:${fingerprint}` : `account:${accountKey(account)}`;
    return [{ ...rules.secondFactor, key, onSuccess: "clear" }];
  }

  /** Whether a settings submission gives an email other than the signed-in identity's (Kratos then mails a code). */
  async function changesEmail(request: FastifyRequest, email: string): Promise<boolean> {
    try {
      const session = await sessions.whoami(request.headers.cookie);
      const current = (session.identity?.traits as { email?: unknown } | undefined)?.email;
      return typeof current !== "string" || email !== normalizeIdentifier(current);
    } catch {
      return true;
    }
  }

  /**
   * Linking or unlinking a provider in the settings flow: per account (each
   * writes the account and mails its owner), and a link's way out to the
   * provider per IP. The account is the session's; without one Kratos refuses.
   */
  async function linkCharges(request: FastifyRequest, fields: SubmissionFields): Promise<Charge[]> {
    const link = fields.field("link");
    if ((link === undefined && fields.field("unlink") === undefined) || !oidcMethod(fields)) return [];
    const charges = link === undefined ? [] : rules.providerIp(request.ip);
    try {
      const account = (await sessions.whoami(request.headers.cookie)).identity?.id;
      if (account !== undefined) charges.push({ ...rules.providerLink, key: accountKey(account) });
    } catch {
      // No session (or Kratos away): Kratos refuses the submission without touching an account.
    }
    return charges;
  }

  async function loginCharges(request: FastifyRequest, fields: SubmissionFields): Promise<Charge[]> {
    // A provider's button: Kratos' oidc strategy acts when the body names a provider and no other method.
    if (fields.field("provider") !== undefined && oidcMethod(fields)) return rules.providerIp(request.ip);
    switch (fields.first("method")) {
      case "password": {
        // stringsx.Coalesce(identifier, password_identifier): the first that is not empty.
        const identifier = fields.field("identifier") ?? fields.field("password_identifier");
        request.limitPasswordSignIn = true;
        return signInCharges(request, accountOf(identifier));
      }
      case "code": {
        // Kratos mails the code to identifier, else address, and checks it against address, else identifier
        // (strategy/code/strategy_login.go): two different ones are refused, so that both steps name one account.
        const identifier = accountOf(fields.field("identifier"));
        const address = accountOf(fields.field("address"));
        if (identifier !== undefined && address !== undefined && identifier !== address) throw ambiguousSubmission();
        const account = identifier ?? address;
        // Whether this sends a code or checks one depends on the flow's state, which only Kratos knows: a
        // submission with a code counts as both, and the mail's point comes back when it signs the user in.
        if (fields.field("code") === undefined) return mailCharges(request, account);
        return [...mailCharges(request, account, "reward"), ...signInCharges(request, account)];
      }
      case "totp":
      case "lookup_secret":
        return secondFactorCharges(request);
      default:
        // Passkeys and security keys cannot be guessed; other methods are not Kratos' to act on.
        return [];
    }
  }

  return async (kind, request) => {
    assertPlainContentType(request);
    // Refuses two sessions before anything is counted, whatever the flow.
    sessionCredential(request, nativeFlows);
    const fields = readSubmission(request, { queryAndBody: kind === "recovery" || kind === "verification" });
    // Kratos' oidc strategy also reads these from the query, where the other strategies do not look: the
    // portal's forms never put them there, so a submission that does could be read two ways.
    if (kind === "login" || kind === "registration" || kind === "settings") assertNotInQuery(request, oidcFields);
    switch (kind) {
      case "login":
        return loginCharges(request, fields);
      case "registration": {
        const charges = rules.registrationIp(request.ip);
        if (fields.field("provider") !== undefined && oidcMethod(fields)) return [...charges, ...rules.providerIp(request.ip)];
        if (fields.first("method") !== "code") return charges;
        return [
          ...charges,
          ...mailCharges(request, accountOf(fields.field("traits.email")), fields.field("code") === undefined ? undefined : "reward"),
        ];
      }
      case "recovery":
      case "verification": {
        // Kratos sends a code whenever the submission has an email, whatever else it has.
        const address = accountOf(fields.field("email"));
        return address === undefined ? [] : mailCharges(request, address);
      }
      case "settings": {
        const links = await linkCharges(request, fields);
        const email = accountOf(fields.field("traits.email"));
        return email !== undefined && (await changesEmail(request, email)) ? [...links, ...mailCharges(request, email)] : links;
      }
    }
  };
}
