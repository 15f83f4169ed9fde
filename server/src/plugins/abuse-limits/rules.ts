// The abuse limits' rules: each a counter with its budget from the
// configuration (LIMIT_*), keyed per account, address, browser or client
// network. IPv6 counts per /64 and, with a larger budget, per /48.
import { createHash } from "node:crypto";
import ipaddr from "ipaddr.js";
import type { AbuseLimits, Limit } from "../../config.js";
import type { LimiterStore } from "../../state/limit-stores.js";
import type { Charge, Counted } from "./charging.js";

/** How many /64 budgets a /48 has: an IPv6 site usually gets a /48, and each of its networks a /64. */
export const ipv6SiteFactor = 16;

/** The client's network: an IPv4 address, or its IPv6 /64 and /48 (an IPv6 client gets a /64 of its own, a site a /48). */
export function ipKeys(ip: string): { network: string; site?: string } {
  if (!ipaddr.isValid(ip)) return { network: ip };
  const address = ipaddr.process(ip);
  if (address.kind() === "ipv4") return { network: address.toString() };
  const groups = address.toNormalizedString().split(":");
  return { network: `${groups.slice(0, 4).join(":")}::/64`, site: `${groups.slice(0, 3).join(":")}::/48` };
}

/** The key of an account or address in the store: fixed in length, and no address in Redis. */
export const accountKey = (account: string) => createHash("sha256").update(account).digest("base64url");

/** The limits counted per account. */
export type AccountRule = "accountDeletion" | "sessionExtension" | "adminAction" | "dataExport" | "invitation";

/** A rule per client network: the charges of the client's IP, its IPv6 site's too. */
export type PerNetwork = (ip: string, onSuccess?: Charge["onSuccess"]) => Charge[];

export interface LimitRules {
  signInAccount: Counted;
  signInDevice: Counted;
  signInIp: PerNetwork;
  secondFactor: Counted;
  mailAddress: Counted;
  mailDevice: Counted;
  mailIp: PerNetwork;
  registrationIp: PerNetwork;
  apiIp: PerNetwork;
  flowIp: PerNetwork;
  perAccount: Record<AccountRule, Counted>;
  hookRefusals: PerNetwork;
  portalMail: Counted;
  providerIp: PerNetwork;
  providerLink: Counted;
  invitationLink: PerNetwork;
  undoLink: PerNetwork;
}

export function limitRules(limits: AbuseLimits, store: LimiterStore): LimitRules {
  const counted = (keyPrefix: string, limit: Limit): Counted => ({ counter: store.counter({ keyPrefix, ...limit }), rule: keyPrefix });
  /** A rule per client network, with its IPv6 site's larger budget. */
  const perNetwork = (keyPrefix: string, limit: Limit): PerNetwork => {
    const network = counted(keyPrefix, limit);
    const site = counted(`${keyPrefix}-48`, { ...limit, points: limit.points * ipv6SiteFactor });
    return (ip, onSuccess) => {
      const keys = ipKeys(ip);
      return [{ ...network, key: keys.network, onSuccess }, ...(keys.site === undefined ? [] : [{ ...site, key: keys.site, onSuccess }])];
    };
  };
  return {
    signInAccount: counted("sign-in-account", limits.signInAccount),
    signInDevice: counted("sign-in-device", limits.signInDevice),
    signInIp: perNetwork("sign-in-ip", limits.signInIp),
    secondFactor: counted("second-factor", limits.secondFactor),
    mailAddress: counted("mail-address", limits.mailAddress),
    mailDevice: counted("mail-address-device", limits.mailAddress),
    mailIp: perNetwork("mail-ip", limits.mailIp),
    registrationIp: perNetwork("registration-ip", limits.registrationIp),
    apiIp: perNetwork("api-ip", limits.apiIp),
    flowIp: perNetwork("flow-ip", limits.flowIp),
    perAccount: {
      accountDeletion: counted("account-deletion", limits.accountDeletion),
      sessionExtension: counted("session-extension", limits.sessionExtension),
      adminAction: counted("admin-action", limits.adminAction),
      dataExport: counted("data-export", limits.dataExport),
      invitation: counted("invitation", limits.invitation),
    },
    hookRefusals: perNetwork("hook-refusals", limits.hookRefusals),
    portalMail: counted("portal-mail-address", limits.portalMailAddress),
    providerIp: perNetwork("provider-ip", limits.providerIp),
    providerLink: counted("provider-link", limits.providerLink),
    invitationLink: perNetwork("invitation-link", limits.invitationLink),
    undoLink: perNetwork("undo-link", limits.undoLink),
  };
}

/** The key of a session credential (the second factor's count, the session's account): its hash, never the credential. */
export const sessionKey = (credential: string) => createHash("sha256").update(credential).digest("hex");
