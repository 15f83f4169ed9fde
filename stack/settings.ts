// The local stack's settings: every port, URL, DSN and secret that `npm start`
// uses, read once from the environment and validated. A bad value stops the
// start with a message that names the variable (a ConfigError).
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { ConfigError, readChoice, readPort, readSupport, readUrl } from "#contract/env-values.js";
import { languages, type Language } from "#contract/languages.js";
import { mailProductName, readOperatorTexts } from "#contract/operator-texts.js";
import { registrationModes, type RegistrationMode } from "#contract/schemas/runtime-config.js";
import { mailAccent } from "../server/src/mail/design.js";
import type { MailAccent } from "../server/src/mail/types.js";
import { readOidcConfig, type OidcSettings } from "./oidc-providers.js";

export const rootDir = dirname(dirname(fileURLToPath(import.meta.url)));

export interface StackSettings {
  dataDir: string;
  portal: {
    host: string;
    port: number;
    /**
     * The portal's internal listener (its INTERNAL_PORT): Kratos' web hooks call it there, never on the public
     * port. PORTAL_INTERNAL_PORT, else a free port that `npm start` and the test stacks choose (0 until then).
     */
    internalPort: number;
    origin: string;
    /** Signs the device cookies of the abuse limits. */
    deviceCookieSecret: string;
    /** What Kratos' web hooks send the portal to prove they come from Kratos. */
    hookSecret: string;
    /** Signs the proof-of-work challenges (ALTCHA_HMAC_KEY). */
    altchaHmacKey: string;
    /** REGISTRATION: anyone may create an account, or only whom an admin invites (Kratos' registration off too). */
    registration: RegistrationMode;
  };
  kratos: {
    publicPort: number;
    adminPort: number;
    dsn: string;
    secrets: { cookie: string[]; cipher: string[] };
    smtpUri: string;
    /** The sender's name of Kratos' code mails (courier.smtp.from_name): your product's; undefined: config/kratos/kratos.yml's. */
    mailFromName: string | undefined;
    /** What the code mails say of the product, from the portal's own variables (stack/courier-templates.ts). */
    mailBrand: MailBrand;
  };
  hydra: {
    publicPort: number;
    adminPort: number;
    /** What OAuth2 clients and ID tokens name; one for all Hydra servers of a deployment. */
    issuer: string;
    dsn: string;
    /** The first encrypts and signs; the others still decrypt and verify (rotation). */
    secrets: { system: string[] };
  };
  mail: { smtpPort: number; webPort: number };
  /** The breach range service (stack/breach-range.ts): its port, and the operator's range file (BREACH_RANGE_FILE) or undefined: the tests' list. */
  breachRange: { port: number; file: string | undefined };
  /** The operators' OpenID Connect providers (KRATOS_OIDC_CONFIG), as Kratos reads them. */
  oidc: OidcSettings;
  /** The local test provider (stack/example-sso.ts); undefined with EXAMPLE_SSO=off. */
  exampleSso: ExampleSsoSettings | undefined;
}

/** A second Hydra as an OpenID Connect provider, with its own ports, database and secrets. */
export interface ExampleSsoSettings {
  publicPort: number;
  adminPort: number;
  /** Its login and consent app. */
  appPort: number;
  /** The issuer Kratos discovers it at; 127.0.0.1, so that its cookies never meet the portal's Hydra's on localhost. */
  issuer: string;
  dsn: string;
  secrets: { system: string[]; client: string };
}

/** What Kratos' code mails say of the product: its name by language (where the operator gave one) and where to get help. */
export interface MailBrand {
  productNames: Partial<Record<Language, string>>;
  /** The contact as the mail shows it, and its link (mailto: or the page). */
  support: { text: string; link: string } | undefined;
  /** The mails' colours from BRAND_PRIMARY_COLOR (the portal's design.ts); undefined: the portal's. */
  accent?: MailAccent;
}

type Env = Record<string, string | undefined>;

function secretList(env: Env, name: string, minLength: number, exactLength?: number): string[] | undefined {
  const raw = env[name];
  if (raw === undefined || raw === "") return undefined;
  const values = raw.split(",").map((value) => value.trim());
  for (const value of values) {
    if (value.length < minLength || (exactLength !== undefined && value.length !== exactLength)) {
      const rule = exactLength !== undefined ? `exactly ${exactLength}` : `at least ${minLength}`;
      throw new ConfigError(`${name} takes comma-separated secrets of ${rule} characters each`);
    }
  }
  return values;
}

// Generated once per data folder and kept, so that sessions (and Hydra's
// encrypted data) survive a restart. A secret that a newer version added to
// the file is generated and kept the same way; the others stay as they were.
function storedSecrets<T extends object>(dataDir: string, service: string, generate: () => T): T {
  const file = join(dataDir, service, "secrets.json");
  const kept = existsSync(file) ? (JSON.parse(readFileSync(file, "utf8")) as Partial<T>) : {};
  const secrets = { ...generate(), ...kept };
  if (Object.keys(secrets).length !== Object.keys(kept).length) {
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, JSON.stringify(secrets, null, 2), { mode: 0o600 });
  }
  return secrets;
}

const kratosSecrets = (dataDir: string) =>
  storedSecrets(dataDir, "kratos", () => ({
    cookie: [randomBytes(32).toString("base64url")],
    // Kratos' cipher secrets must be exactly 32 characters.
    cipher: [randomBytes(16).toString("hex")],
  }));

const portalSecrets = (dataDir: string) =>
  storedSecrets(dataDir, "portal", () => ({
    deviceCookie: randomBytes(32).toString("hex"),
    hook: randomBytes(32).toString("hex"),
    altchaHmacKey: randomBytes(32).toString("hex"),
  }));

const exampleSsoSecrets = (dataDir: string) =>
  storedSecrets(dataDir, "example-sso", () => ({
    system: [randomBytes(32).toString("base64url")],
    client: randomBytes(32).toString("base64url"),
  }));

const hydraSecrets = (dataDir: string) => storedSecrets(dataDir, "hydra", () => ({ system: [randomBytes(32).toString("base64url")] }));

/**
 * SQLite in write-ahead-log mode: readers no longer wait for a writer. In the
 * default journal mode, 12 concurrent sign-ins made Kratos answer 500
 * ("database is locked") to 1 in 12 and took 27 s; with WAL none failed, in 0.9 s.
 */
function sqliteDsn(file: string): string {
  return `sqlite://${file}?_fk=true&mode=rwc&_journal_mode=WAL`;
}

/**
 * The portal's variables that Kratos and Hydra would read as their own configuration: LOG_LEVEL is their
 * log.level, which refuses the portal's `warn` and `silent`, and the stack would not start.
 */
export const portalOnlyVariables = ["LOG_LEVEL"] as const;

/** The environment of a Kratos or Hydra process: the stack's, without the portal's variables above, and its database. */
export function oryEnv(dsn: string, env: Env = process.env): Env {
  const portal = new Set<string>(portalOnlyVariables);
  return { ...Object.fromEntries(Object.entries(env).filter(([name]) => !portal.has(name))), DSN: dsn };
}

export function readSettings(env: Env = process.env): StackSettings {
  const dataDir = resolve(rootDir, env.DATA_DIR || ".data");
  const portalPort = readPort(env, "PORTAL_PORT", 3000);
  const smtpPort = readPort(env, "MAIL_SMTP_PORT", 1025);
  const cookie = secretList(env, "KRATOS_SECRETS_COOKIE", 16);
  const cipher = secretList(env, "KRATOS_SECRETS_CIPHER", 32, 32);
  // Hydra's schema asks for 16 characters or more (spec/config.json, secrets.system).
  const system = secretList(env, "HYDRA_SECRETS_SYSTEM", 16);
  const hydraPublicPort = readPort(env, "HYDRA_PUBLIC_PORT", 4444);
  return {
    dataDir,
    portal: {
      host: env.PORTAL_HOST || "localhost",
      port: portalPort,
      internalPort: readPort(env, "PORTAL_INTERNAL_PORT", 0),
      origin: readUrl(env, "PORTAL_ORIGIN", `http://localhost:${portalPort}`, true),
      // Kept, so that a restart does not make every browser unknown to the abuse limits again.
      deviceCookieSecret: env.DEVICE_COOKIE_SECRET || portalSecrets(dataDir).deviceCookie,
      hookSecret: secretList(env, "KRATOS_HOOK_SECRET", 32)?.[0] ?? portalSecrets(dataDir).hook,
      // Kept, so that a restart does not void the challenges being solved.
      altchaHmacKey: secretList(env, "ALTCHA_HMAC_KEY", 32)?.[0] ?? portalSecrets(dataDir).altchaHmacKey,
      registration: readChoice(env, "REGISTRATION", registrationModes, "open"),
    },
    kratos: {
      publicPort: readPort(env, "KRATOS_PUBLIC_PORT", 4433),
      adminPort: readPort(env, "KRATOS_ADMIN_PORT", 4434),
      dsn: env.KRATOS_DSN || sqliteDsn(join(dataDir, "kratos", "kratos.sqlite")),
      secrets: {
        cookie: cookie ?? kratosSecrets(dataDir).cookie,
        cipher: cipher ?? kratosSecrets(dataDir).cipher,
      },
      smtpUri: env.KRATOS_SMTP_URI || `smtp://127.0.0.1:${smtpPort}/?disable_starttls=true`,
      mailFromName: env.KRATOS_MAIL_FROM_NAME?.trim() || undefined,
      mailBrand: readMailBrand(env),
    },
    hydra: {
      publicPort: hydraPublicPort,
      adminPort: readPort(env, "HYDRA_ADMIN_PORT", 4445),
      issuer: `http://localhost:${hydraPublicPort}`,
      // Its own database file: Hydra's migrations must never touch Kratos' tables.
      dsn: env.HYDRA_DSN || sqliteDsn(join(dataDir, "hydra", "hydra.sqlite")),
      secrets: { system: system ?? hydraSecrets(dataDir).system },
    },
    mail: { smtpPort, webPort: readPort(env, "MAIL_WEB_PORT", 1080) },
    breachRange: {
      port: readPort(env, "BREACH_RANGE_PORT", 4460),
      file: env.BREACH_RANGE_FILE ? resolve(rootDir, env.BREACH_RANGE_FILE) : undefined,
    },
    oidc: readOidcConfig(env, "KRATOS_OIDC_CONFIG"),
    exampleSso: readExampleSso(env, dataDir),
  };
}

/** The portal's variables of the product's name and support contact, read and refused as the portal does. */
export function readMailBrand(env: Env): MailBrand {
  const texts = readOperatorTexts(env, "OPERATOR_TEXTS_FILE", (path) => readFileSync(resolve(rootDir, path), "utf8"));
  const productNames = Object.fromEntries(
    languages.flatMap((language) => {
      const name = mailProductName(texts, language);
      return name === undefined ? [] : [[language, name]];
    }),
  );
  const { supportEmail, supportUrl } = readSupport(env, "BRAND_SUPPORT");
  const support = supportEmail
    ? { text: supportEmail, link: `mailto:${supportEmail}` }
    : supportUrl
      ? { text: supportUrl, link: supportUrl }
      : undefined;
  const primary = env.BRAND_PRIMARY_COLOR?.trim();
  return { productNames, support, ...(primary ? { accent: mailAccent(primary) } : {}) };
}

function readExampleSso(env: Env, dataDir: string): ExampleSsoSettings | undefined {
  const switchValue = env.EXAMPLE_SSO ?? "on";
  if (switchValue === "off") return undefined;
  if (switchValue !== "on" && switchValue !== "") throw new ConfigError(`EXAMPLE_SSO must be on or off, got "${switchValue}"`);
  const publicPort = readPort(env, "EXAMPLE_SSO_PORT", 4450);
  const secrets = exampleSsoSecrets(dataDir);
  return {
    publicPort,
    adminPort: readPort(env, "EXAMPLE_SSO_ADMIN_PORT", 4451),
    appPort: readPort(env, "EXAMPLE_SSO_APP_PORT", 4452),
    issuer: `http://127.0.0.1:${publicPort}`,
    // Its own database file, as the portal's Hydra has.
    dsn: sqliteDsn(join(dataDir, "example-sso", "hydra.sqlite")),
    secrets: { system: secrets.system, client: secrets.client },
  };
}
