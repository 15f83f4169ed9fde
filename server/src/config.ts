// The portal server's configuration: read from the environment once, at
// start-up, into one typed object. A bad value stops the process with a
// message that names the variable.
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import ipaddr from "ipaddr.js";
import { ConfigError, readChoice, readPort, readUrl, type Env } from "#contract/env-values.js";
import { registrationModes, type OperatorTexts, type RegistrationMode } from "#contract/schemas/runtime-config.js";
import { readBranding, type BrandingConfig } from "./branding/read-branding.js";
import { readOperatorTexts } from "./operator-texts.js";

/** How many times something may happen per window, e.g. 10 wrong passwords per 15 minutes. */
export interface Limit {
  points: number;
  /** The window, in seconds. */
  duration: number;
}

export interface AbuseLimits {
  /** Wrong sign-in attempts (password, emailed code) per account identifier. */
  signInAccount: Limit;
  /** Wrong sign-in attempts per account from a browser its owner signed in with before (its device cookie). */
  signInDevice: Limit;
  /** Wrong sign-in attempts per client IP, all accounts together. */
  signInIp: Limit;
  /** Wrong second-factor attempts (TOTP, backup code) per account. */
  secondFactor: Limit;
  /** Mails Kratos is asked to send (codes, recovery, verification) per address. */
  mailAddress: Limit;
  /** The same, per client IP. */
  mailIp: Limit;
  /** Registration submissions per client IP. */
  registrationIp: Limit;
  /** Requests to /api/* per client IP. */
  apiIp: Limit;
  /** New Kratos flows (the sign-in, sign-up and recovery pages, /kratos/self-service/…/browser) per client IP. */
  flowIp: Limit;
  /** Account deletions asked for, per account. */
  accountDeletion: Limit;
  /** Session extensions ("Stay signed in"), per account. */
  sessionExtension: Limit;
  /** Changes an admin makes on Manage Users (each writes an audit line, some send mail), per admin. */
  adminAction: Limit;
  /** Calls of the Kratos hook route with a wrong or missing secret, per client IP. */
  hookRefusals: Limit;
  /** Mails the portal itself sends (security notices, admins' changes, deletions) per address, across portals. */
  portalMailAddress: Limit;
  /** Ways out to a sign-in provider and back (a provider's button, a link, the callback), per client IP. */
  providerIp: Limit;
  /** Linking and unlinking sign-in providers, per account (each writes the account and mails). */
  providerLink: Limit;
  /** Downloads of one's data ("Download my data": each reads Kratos, Hydra and the state), per account. */
  dataExport: Limit;
  /** Invitations an admin sends or resends (each makes or changes an identity and mails), per admin. */
  invitation: Limit;
  /** Invitation links read or accepted, per client IP: the link's secret cannot be guessed at scale. */
  invitationLink: Limit;
  /** Undo links of security mails read or confirmed, per client IP: a confirmation mails a recovery code. */
  undoLink: Limit;
}

export interface PortalConfig {
  host: string;
  port: number;
  /** The origin the browser uses, e.g. http://localhost:3000. */
  origin: string;
  kratosPublicUrl: string;
  /** Hydra's admin API: OAuth2 clients, login/consent/logout requests. Never exposed to the browser. */
  hydraAdminUrl: string;
  /** The built SPA that the server serves. */
  webRoot: string;
  logLevel: "fatal" | "error" | "warn" | "info" | "debug" | "trace" | "silent";
  /** Fastify's lines per request ("incoming request", "request completed") at info instead of debug. */
  logRequests: boolean;
  /** Addresses and CIDR ranges of the reverse proxies whose X-Forwarded-For is believed; empty: none. */
  trustedProxies: string[];
  /** Kratos' native flows (/self-service/…/api) through /kratos, for mobile apps. */
  kratosNativeFlows: boolean;
  /** Origins besides the portal's that a natively submitted form may be redirected to (CSP form-action). */
  formActionOrigins: string[];
  limits: AbuseLimits;
  /** A Redis that every portal shares for the limits' counters; undefined: this process's memory. */
  rateLimitRedisUrl: string | undefined;
  /** Signs the device cookies; undefined: a random key for this process. */
  deviceCookieSecret: string | undefined;
  /** The proof-of-work check before a sign-in, recovery or registration limit refuses (plugins/abuse-limits/proof-of-work.ts). */
  proofOfWork: ProofOfWorkConfig;
  /** How long a call to Kratos or Hydra may take before the portal calls it unavailable. */
  upstreamTimeoutMs: number;
  /** Managing OAuth2 clients needs a session signed in with a second factor. */
  adminRequireAal2: boolean;
  /** Where GET /metrics is served, apart from the public port; undefined: nowhere. */
  metrics: Listener | undefined;
  /** Where Kratos' web hooks are served, apart from the public port; undefined: nowhere (no security mail, no activity). */
  internal: Listener | undefined;
  /** Kratos' admin API: deleting an account, its sessions, extending a session, the activity. Never exposed. */
  kratosAdminUrl: string;
  /** Kratos' selfservice.flows.settings.privileged_session_max_age, in seconds: how recent a sign-in deleting the account needs. */
  privilegedSessionMaxAge: number;
  /** What Kratos' web hooks send in the Authorization header; undefined: the hook route refuses every call. */
  hookSecret: string | undefined;
  mail: MailConfig;
  state: StateConfig;
  /** The operator's texts for their identity schema's traits, by language (OPERATOR_TEXTS_FILE); empty: none. */
  operatorTexts: OperatorTexts;
  /** Who may create an account (REGISTRATION): anyone, or only whom an admin invites (no registration flow through the portal). */
  registration: RegistrationMode;
  /** The operator's logo, mark, colour, support contact and legal links (BRAND_*); without them, the portal's own. */
  branding: BrandingConfig;
  /** The terms of service people accept (TERMS_URL, PRIVACY_URL, TERMS_VERSION); undefined: none asked for. */
  terms: TermsConfig | undefined;
  /** Traces to an OpenTelemetry collector (OTLP over HTTP); undefined: off, and no tracing code is loaded. */
  tracing: TracingConfig | undefined;
  /** How long an invitation's link works, in seconds (INVITATION_LIFESPAN). */
  invitationLifespan: number;
}

export interface ProofOfWorkConfig {
  /** ALTCHA_HMAC_KEY: signs the challenges; undefined (never in production): a random key for this process. */
  hmacKey: string | undefined;
  /** CHALLENGE_FROM: the share of a limit (0 to 1) after which each attempt needs a solved challenge; undefined: never. */
  from: number | undefined;
  /** CHALLENGE_COST: PBKDF2-SHA-256 iterations per number the browser tries. */
  cost: number;
  /** CHALLENGE_MAX_NUMBER: the challenge's number is drawn between half of it and it; the browser tries them all up to it. */
  maxNumber: number;
  /** CHALLENGE_NO_SCRIPT_WAIT, in seconds: how long a form sent without a solution (no script) is held instead. */
  noScriptWait: number;
}

export interface TermsConfig {
  /** The terms of service, linked in the label of the schema's terms trait and on the page that asks again. */
  url: string;
  /** The privacy notice, linked beside them; undefined: none. */
  privacyUrl: string | undefined;
  /** The terms' version: what a person's acceptance records, and a new one asks everyone signed in again. */
  version: string;
}

export interface TracingConfig {
  /** OTEL_EXPORTER_OTLP_ENDPOINT: the collector's base URL; OpenTelemetry's exporter reads it and the other OTEL_* variables itself. */
  endpoint: string;
  /**
   * The share of requests traced (OTEL_TRACES_SAMPLER_ARG, default 0.1), or undefined where OTEL_TRACES_SAMPLER names a
   * sampler of OpenTelemetry's, which then reads its variables itself.
   */
  sampleRatio: number | undefined;
}

/** A listener apart from the public port. */
export interface Listener {
  host: string;
  port: number;
}

export interface MailConfig {
  /** Kratos' SMTP server (KRATOS_SMTP_URI), in Kratos' syntax. */
  smtpUri: string;
  /** The sender of the portal's security mails. */
  from: string;
}

/** Where the portal keeps what must outlive a process: mail waiting to be sent, each account's activity and known devices. */
export interface StateConfig {
  /** A Redis (with persistence) that every portal shares; undefined: files in dir. */
  redisUrl: string | undefined;
  /** Without a Redis: one portal process only. */
  dir: string;
  /** How long an admin's action stays in the audit trail, in seconds. */
  auditRetention: number;
}

function readBoolean(env: Env, name: string, fallback: boolean): boolean {
  const raw = env[name];
  if (raw === undefined || raw === "") return fallback;
  if (raw === "true" || raw === "1") return true;
  if (raw === "false" || raw === "0") return false;
  throw new ConfigError(`${name} must be true or false, got "${raw}"`);
}

function readRatio(env: Env, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === "") return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value < 0 || value > 1) throw new ConfigError(`${name} must be a number from 0 to 1, got "${raw}"`);
  return value;
}

function readPositiveInteger(env: Env, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === "") return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value <= 0) {
    throw new ConfigError(`${name} must be a positive whole number, got "${raw}"`);
  }
  return value;
}

/** proxy-addr's names for the loopback, link-local and private ranges. */
const proxyRangeNames = new Set(["loopback", "linklocal", "uniquelocal"]);

function readTrustedProxies(env: Env, name: string): string[] {
  const raw = env[name]?.trim();
  if (raw === undefined || raw === "" || raw === "false") return [];
  if (raw === "true" || /^\d+$/.test(raw)) {
    throw new ConfigError(
      `${name} takes the addresses or CIDR ranges of your reverse proxies, comma-separated (e.g. 10.0.0.5 or 10.0.0.0/24, or loopback), not "${raw}": trusting any hop would let every client choose its own IP`,
    );
  }
  return raw.split(",").map((entry) => {
    const value = entry.trim();
    const valid =
      proxyRangeNames.has(value) ||
      (value.includes("/")
        ? ipaddr.IPv4.isValidCIDRFourPartDecimal(value) || ipaddr.IPv6.isValidCIDR(value)
        : ipaddr.IPv4.isValidFourPartDecimal(value) || ipaddr.IPv6.isValid(value));
    if (!valid) {
      throw new ConfigError(`${name} must list IP addresses or CIDR ranges (or loopback, linklocal, uniquelocal), got "${value}"`);
    }
    return value;
  });
}

function readOrigins(env: Env, name: string): string[] {
  const raw = env[name];
  if (raw === undefined || raw.trim() === "") return [];
  // An empty item is no origin (compose's "${HYDRA_ORIGIN},${OIDC_PROVIDER_ORIGINS:-}" without providers).
  return raw
    .split(",")
    .map((value) => value.trim())
    .filter((value) => value !== "")
    .map((value) => readUrl({ [name]: value }, name, "", true));
}

/** redis://[user:password@]host[:port][/db] or rediss:// (TLS); the message never repeats it: it may hold a password. */
function readRedisUrl(env: Env, name: string): string | undefined {
  const raw = env[name]?.trim();
  if (raw === undefined || raw === "") return undefined;
  const url = URL.canParse(raw) ? new URL(raw) : undefined;
  if (!url || !["redis:", "rediss:"].includes(url.protocol) || url.hostname === "") {
    throw new ConfigError(`${name} must be a redis:// or rediss:// URL with a host, e.g. redis://redis:6379`);
  }
  return raw;
}

/**
 * A listener apart from the public port (METRICS_PORT, INTERNAL_PORT): on
 * when its port is set, on HOST unless its own host variable says otherwise.
 * It must differ from PORT, which the proxy in front serves, and from the
 * other listeners.
 */
function readListener(
  env: Env,
  variables: { port: string; host: string },
  taken: Record<string, number | undefined>,
): Listener | undefined {
  if (env[variables.port] === undefined || env[variables.port] === "") return undefined;
  const port = readPort(env, variables.port, 0);
  for (const [other, otherPort] of Object.entries(taken)) {
    if (port === otherPort) throw new ConfigError(`${variables.port} must differ from ${other} (${otherPort}): it is not for the public`);
  }
  return { host: env[variables.host] || env.HOST || "127.0.0.1", port };
}

/** An address, or a name and an address: "Account <no-reply@example.org>". */
function readMailFrom(env: Env, name: string, fallback: string): string {
  const raw = (env[name] || fallback).trim();
  if (!/^([^<>\r\n]*<)?[^\s@<>]+@[^\s@<>]+>?$/.test(raw)) throw new ConfigError(`${name} must be a mail address, got "${raw}"`);
  return raw;
}

/** A version is a short token: it is recorded on every account that accepts it and compared on every signed-in page. */
const termsVersionPattern = /^[A-Za-z0-9][A-Za-z0-9._-]{0,31}$/;

/** TERMS_URL and TERMS_VERSION together, PRIVACY_URL with them or not at all. */
function readTerms(env: Env): TermsConfig | undefined {
  const set = (name: string) => (env[name] ?? "").trim() !== "";
  if (!set("TERMS_URL") && !set("PRIVACY_URL") && !set("TERMS_VERSION")) return undefined;
  if (!set("TERMS_URL")) throw new ConfigError("TERMS_URL must be set with TERMS_VERSION and PRIVACY_URL: the terms people accept");
  const version = (env.TERMS_VERSION ?? "").trim();
  if (!termsVersionPattern.test(version)) {
    throw new ConfigError(
      `TERMS_VERSION must be set with TERMS_URL, as 1 to 32 letters, digits, dots, dashes or underscores (e.g. 2026-01), got "${version}"`,
    );
  }
  return {
    url: readUrl(env, "TERMS_URL", ""),
    privacyUrl: set("PRIVACY_URL") ? readUrl(env, "PRIVACY_URL", "") : undefined,
    version,
  };
}

const durationUnits = { s: 1, m: 60, h: 3600 } as const;

/** A duration as Kratos writes it in its configuration: 15m, 1h, 90s. */
function readDuration(env: Env, name: string, fallback: string): number {
  const raw = env[name] || fallback;
  const match = /^(\d+)([smh])$/.exec(raw.trim());
  const seconds = Number(match?.[1]) * durationUnits[(match?.[2] ?? "s") as keyof typeof durationUnits];
  if (!match || seconds < 1) throw new ConfigError(`${name} must be a duration such as 15m (s, m or h), got "${raw}"`);
  return seconds;
}

/** A retention period in days: 365d. At least a day, so that a typo cannot empty the record. */
function readDays(env: Env, name: string, fallback: string): number {
  const raw = env[name] || fallback;
  const match = /^(\d{1,5})d$/.exec(raw.trim());
  const days = Number(match?.[1]);
  if (!match || days < 1) throw new ConfigError(`${name} must be a number of days such as 365d, got "${raw}"`);
  return days * 86_400;
}

/** A secret (the device cookies' key, Kratos' web hooks'): at least 32 characters, so that guessing it is hopeless. */
function readSecret(env: Env, name: string): string | undefined {
  const raw = env[name];
  if (raw === undefined || raw === "") return undefined;
  if (raw.length < 32 || /\s/.test(raw))
    throw new ConfigError(`${name} must be 32 or more characters without spaces (openssl rand -hex 32)`);
  return raw;
}

/** Kratos' SMTP URI: smtp:// (STARTTLS) or smtps:// (TLS); never repeated in the message, it may hold a password. */
function readSmtpUri(env: Env, name: string, fallback: string): string {
  const raw = env[name] || fallback;
  const url = URL.canParse(raw) ? new URL(raw) : undefined;
  if (!url || !["smtp:", "smtps:"].includes(url.protocol) || url.hostname === "") {
    throw new ConfigError(`${name} must be an smtp:// or smtps:// URL with a host, e.g. smtps://user:password@smtp.example.org:465/`);
  }
  return raw;
}

/** "10/15m": 10 per 15 minutes. */
function readLimit(env: Env, name: string, fallback: string): Limit {
  const raw = env[name] || fallback;
  const match = /^(\d+)\/(\d+)([smh])$/.exec(raw.trim());
  const points = Number(match?.[1]);
  const duration = Number(match?.[2]) * durationUnits[(match?.[3] ?? "s") as keyof typeof durationUnits];
  if (!match || points < 1 || duration < 1) {
    throw new ConfigError(`${name} must be a count per window such as 10/15m (s, m or h), got "${raw}"`);
  }
  return { points, duration };
}

export function readLimits(env: Env): AbuseLimits {
  return {
    signInAccount: readLimit(env, "LIMIT_SIGN_IN_ACCOUNT", "10/15m"),
    signInDevice: readLimit(env, "LIMIT_SIGN_IN_DEVICE", "10/15m"),
    signInIp: readLimit(env, "LIMIT_SIGN_IN_IP", "100/15m"),
    secondFactor: readLimit(env, "LIMIT_SECOND_FACTOR", "10/15m"),
    mailAddress: readLimit(env, "LIMIT_MAIL_ADDRESS", "5/15m"),
    mailIp: readLimit(env, "LIMIT_MAIL_IP", "50/15m"),
    registrationIp: readLimit(env, "LIMIT_REGISTRATION_IP", "50/15m"),
    apiIp: readLimit(env, "LIMIT_API_IP", "1200/1m"),
    flowIp: readLimit(env, "LIMIT_FLOW_IP", "300/15m"),
    accountDeletion: readLimit(env, "LIMIT_ACCOUNT_DELETION", "5/15m"),
    sessionExtension: readLimit(env, "LIMIT_SESSION_EXTENSION", "10/1h"),
    adminAction: readLimit(env, "LIMIT_ADMIN_ACTION", "60/15m"),
    hookRefusals: readLimit(env, "LIMIT_HOOK_REFUSALS", "10/15m"),
    portalMailAddress: readLimit(env, "LIMIT_PORTAL_MAIL_ADDRESS", "10/1h"),
    providerIp: readLimit(env, "LIMIT_PROVIDER_IP", "100/15m"),
    providerLink: readLimit(env, "LIMIT_PROVIDER_LINK", "10/1h"),
    dataExport: readLimit(env, "LIMIT_DATA_EXPORT", "5/1h"),
    invitation: readLimit(env, "LIMIT_INVITATION", "100/1h"),
    invitationLink: readLimit(env, "LIMIT_INVITATION_LINK", "30/15m"),
    undoLink: readLimit(env, "LIMIT_UNDO_LINK", "10/15m"),
  };
}

/** "50%": a share of a limit, more than 0 and less than 100 %; "off": none. */
function readShare(env: Env, name: string, fallback: string): number | undefined {
  const raw = env[name] || fallback;
  if (raw.trim() === "off") return undefined;
  const match = /^(\d{1,2})%$/.exec(raw.trim());
  const percent = Number(match?.[1]);
  if (!match || percent < 1) throw new ConfigError(`${name} must be a share of the limit from 1% to 99%, or off, got "${raw}"`);
  return percent / 100;
}

export function readProofOfWork(env: Env): ProofOfWorkConfig {
  const hmacKey = readSecret(env, "ALTCHA_HMAC_KEY");
  // Every replica must verify what another signed, and a restart must not void the challenges in flight.
  if (hmacKey === undefined && env.NODE_ENV === "production") {
    throw new ConfigError(
      "ALTCHA_HMAC_KEY must be set in production: 32 or more characters (openssl rand -hex 32), the same for every portal",
    );
  }
  const noScriptWait = readDuration(env, "CHALLENGE_NO_SCRIPT_WAIT", "5s");
  if (noScriptWait > 20) throw new ConfigError("CHALLENGE_NO_SCRIPT_WAIT must be 20s or less: the request is held that long");
  return {
    hmacKey,
    from: readShare(env, "CHALLENGE_FROM", "50%"),
    cost: readPositiveInteger(env, "CHALLENGE_COST", 1000),
    maxNumber: readPositiveInteger(env, "CHALLENGE_MAX_NUMBER", 2000),
    noScriptWait,
  };
}

const defaultWebRoot = join(dirname(fileURLToPath(import.meta.url)), "..", "..", "web", "dist");
const defaultStateDir = join(dirname(fileURLToPath(import.meta.url)), "..", "..", ".data", "portal");
const logLevels = ["fatal", "error", "warn", "info", "debug", "trace", "silent"] as const;

export function readConfig(env: Env = process.env): PortalConfig {
  const port = readPort(env, "PORT", 3000);
  const metrics = readListener(env, { port: "METRICS_PORT", host: "METRICS_HOST" }, { PORT: port });
  return {
    host: env.HOST || "127.0.0.1",
    port,
    origin: readUrl(env, "PORTAL_ORIGIN", `http://localhost:${port}`, true),
    kratosPublicUrl: readUrl(env, "KRATOS_PUBLIC_URL", "http://127.0.0.1:4433"),
    hydraAdminUrl: readUrl(env, "HYDRA_ADMIN_URL", "http://127.0.0.1:4445"),
    webRoot: resolve(env.WEB_ROOT || defaultWebRoot),
    logLevel: readChoice(env, "LOG_LEVEL", logLevels, "info"),
    logRequests: readBoolean(env, "LOG_REQUESTS", false),
    trustedProxies: readTrustedProxies(env, "TRUST_PROXY"),
    kratosNativeFlows: readBoolean(env, "KRATOS_NATIVE_FLOWS", false),
    formActionOrigins: readOrigins(env, "CSP_FORM_ACTION_ORIGINS"),
    limits: readLimits(env),
    rateLimitRedisUrl: readRedisUrl(env, "RATE_LIMIT_REDIS_URL"),
    deviceCookieSecret: readSecret(env, "DEVICE_COOKIE_SECRET"),
    proofOfWork: readProofOfWork(env),
    upstreamTimeoutMs: readPositiveInteger(env, "UPSTREAM_TIMEOUT_MS", 10_000),
    adminRequireAal2: readBoolean(env, "ADMIN_REQUIRE_AAL2", true),
    metrics,
    internal: readListener(env, { port: "INTERNAL_PORT", host: "INTERNAL_HOST" }, { PORT: port, METRICS_PORT: metrics?.port }),
    kratosAdminUrl: readUrl(env, "KRATOS_ADMIN_URL", "http://127.0.0.1:4434"),
    privilegedSessionMaxAge: readDuration(env, "PRIVILEGED_SESSION_MAX_AGE", "15m"),
    hookSecret: readSecret(env, "KRATOS_HOOK_SECRET"),
    mail: {
      smtpUri: readSmtpUri(env, "SMTP_URI", "smtp://127.0.0.1:1025/?disable_starttls=true"),
      from: readMailFrom(env, "MAIL_FROM", "no-reply@account.localhost"),
    },
    state: {
      redisUrl: readRedisUrl(env, "PORTAL_REDIS_URL"),
      dir: resolve(env.PORTAL_STATE_DIR || defaultStateDir),
      auditRetention: readDays(env, "AUDIT_RETENTION", "365d"),
    },
    operatorTexts: readOperatorTexts(env, "OPERATOR_TEXTS_FILE"),
    registration: readChoice(env, "REGISTRATION", registrationModes, "open"),
    branding: readBranding(env),
    terms: readTerms(env),
    invitationLifespan: readDays(env, "INVITATION_LIFESPAN", "7d"),
    tracing: env.OTEL_EXPORTER_OTLP_ENDPOINT
      ? {
          endpoint: readUrl(env, "OTEL_EXPORTER_OTLP_ENDPOINT", ""),
          sampleRatio: env.OTEL_TRACES_SAMPLER ? undefined : readRatio(env, "OTEL_TRACES_SAMPLER_ARG", 0.1),
        }
      : undefined,
  };
}
