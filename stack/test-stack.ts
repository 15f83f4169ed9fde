// A stack for the test suites: the mail catcher, Kratos (and its courier) and
// Hydra on free ports with a throw-away data folder, so that tests never
// depend on a running `npm start`. Their databases are SQLite files in that
// folder, or a throw-away PostgreSQL server with a database each.
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { merge, type ConfigTree } from "./config-tree.js";
import { startBreachRange } from "./breach-range.js";
import { startExampleSso, type ExampleSsoUrls } from "./example-sso.js";
import { buildLauncher, hydraLauncher, kratosLauncher } from "./go-build.js";
import { startHydra, type HydraUrls } from "./hydra.js";
import { startCourier, startKratos, type KratosUrls } from "./kratos.js";
import { startMailCatcher } from "./mail-catcher.js";
import { startPostgres, type PostgresServer } from "./postgres.js";
import { readSettings, type StackSettings } from "./settings.js";
import { freePort, Supervisor } from "./supervisor.js";

export type TestDatabase = "sqlite" | "postgres";

export interface TestStack extends KratosUrls {
  settings: StackSettings;
  supervisor: Supervisor;
  database: TestDatabase;
  /** The PostgreSQL server, when the stack runs on one. */
  postgres?: PostgresServer;
  mailUrl: string;
  hydra: HydraUrls;
  /** The test provider, "Sign in with Example SSO" (stack/example-sso.ts), unless the stack was started without it. */
  exampleSso: ExampleSsoUrls | undefined;
  /** The origin Kratos is configured for; a portal under test uses it. */
  portalOrigin: string;
  /** Stops Kratos alone, as an outage would; startKratos() brings it back on the same data. */
  stopKratos(): Promise<void>;
  startKratos(): Promise<void>;
  /** Stops Hydra alone, as an outage would; startHydra() brings it back on the same data. */
  stopHydra(): Promise<void>;
  startHydra(): Promise<void>;
  stop(): Promise<void>;
}

/** Environment variables through which `npm test` hands its stack to each suite. */
export const testStackEnv = {
  kratosPublicUrl: "TEST_KRATOS_PUBLIC_URL",
  kratosAdminUrl: "TEST_KRATOS_ADMIN_URL",
  mailUrl: "TEST_MAIL_URL",
  hydraPublicUrl: "TEST_HYDRA_PUBLIC_URL",
  hydraIssuer: "TEST_HYDRA_ISSUER",
  hydraAdminUrl: "TEST_HYDRA_ADMIN_URL",
  portalOrigin: "TEST_PORTAL_ORIGIN",
  /** Where Kratos' web hooks call the portal (its INTERNAL_PORT), for a test that serves them. */
  portalInternalPort: "TEST_PORTAL_INTERNAL_PORT",
  /** What Kratos' web hooks send the portal, and where the portal's mail goes (the mail catcher). */
  hookSecret: "TEST_KRATOS_HOOK_SECRET",
  smtpUri: "TEST_SMTP_URI",
  /** `sqlite` or `postgres`: what the stack's Kratos and Hydra store their data in. */
  database: "TEST_DATABASE",
  /** Example SSO, the test provider: its issuer and its admin API. */
  exampleSsoIssuer: "TEST_EXAMPLE_SSO_ISSUER",
  exampleSsoAdminUrl: "TEST_EXAMPLE_SSO_ADMIN_URL",
  /** `dev` when the portal is `npm run dev`'s (the app through Vite's dev server): its smoke test runs, alone. */
  portalMode: "TEST_PORTAL_MODE",
  /** The stack's data folder (generated secrets, SQLite files), which `npm run dev`'s portal must not hand out. */
  dataDir: "TEST_DATA_DIR",
} as const;

/** The variables that hand a running stack to a suite. */
export function stackEnv(stack: TestStack): Record<string, string> {
  return {
    [testStackEnv.kratosPublicUrl]: stack.publicUrl,
    [testStackEnv.kratosAdminUrl]: stack.adminUrl,
    [testStackEnv.mailUrl]: stack.mailUrl,
    [testStackEnv.hydraPublicUrl]: stack.hydra.publicUrl,
    [testStackEnv.hydraIssuer]: stack.hydra.issuer,
    [testStackEnv.hydraAdminUrl]: stack.hydra.adminUrl,
    [testStackEnv.portalOrigin]: stack.portalOrigin,
    [testStackEnv.portalInternalPort]: String(stack.settings.portal.internalPort),
    [testStackEnv.hookSecret]: stack.settings.portal.hookSecret,
    [testStackEnv.smtpUri]: stack.settings.kratos.smtpUri,
    [testStackEnv.database]: stack.database,
    ...(stack.exampleSso
      ? { [testStackEnv.exampleSsoIssuer]: stack.exampleSso.issuer, [testStackEnv.exampleSsoAdminUrl]: stack.exampleSso.adminUrl }
      : {}),
  };
}

export async function testSettings(env: Record<string, string> = {}, dataParent = tmpdir()): Promise<StackSettings> {
  const [
    portalPort,
    internalPort,
    publicPort,
    adminPort,
    smtpPort,
    webPort,
    hydraPublicPort,
    hydraAdminPort,
    ssoPort,
    ssoAdminPort,
    ssoAppPort,
    breachRangePort,
  ] = await Promise.all(Array.from({ length: 12 }, () => freePort()));
  mkdirSync(dataParent, { recursive: true });
  const dataDir = mkdtempSync(join(dataParent, "account-portal-test-"));
  return readSettings({
    DATA_DIR: dataDir,
    PORTAL_PORT: String(portalPort),
    PORTAL_INTERNAL_PORT: String(internalPort),
    KRATOS_PUBLIC_PORT: String(publicPort),
    KRATOS_ADMIN_PORT: String(adminPort),
    MAIL_SMTP_PORT: String(smtpPort),
    MAIL_WEB_PORT: String(webPort),
    HYDRA_PUBLIC_PORT: String(hydraPublicPort),
    HYDRA_ADMIN_PORT: String(hydraAdminPort),
    EXAMPLE_SSO_PORT: String(ssoPort),
    EXAMPLE_SSO_ADMIN_PORT: String(ssoAdminPort),
    EXAMPLE_SSO_APP_PORT: String(ssoAppPort),
    BREACH_RANGE_PORT: String(breachRangePort),
    ...env,
  });
}

/** Faster password hashing than production's: test identities need no protection. */
export const testKratosConfig = { hashers: { bcrypt: { cost: 4 } } };

export interface TestStackOptions {
  /** Print what the stack is doing (builds, migrations, waits); the processes' own output is kept for failures. */
  progress?: boolean;
  /** Goes on top of the test configuration, e.g. a short flow lifespan for one test. */
  kratosConfig?: ConfigTree;
  /** SQLite by default; the suites that run on PostgreSQL hand theirs in TEST_DATABASE. */
  database?: TestDatabase;
  /** On PostgreSQL, the DSNs' driver options instead of production's (stack/postgres.ts). */
  pgxOptions?: string;
  /** Example SSO, the test provider (on by default): a second Hydra and its sign-in page. */
  exampleSso?: boolean;
  /**
   * Where its throw-away data folder goes: the system's temporary folder, or for the smoke test of
   * `npm run dev`'s portal the checkout's .data/, where `npm run dev` keeps its own secrets and databases.
   */
  dataParent?: string;
  /** Variables of the stack's settings (stack/settings.ts) as `npm start` reads them, e.g. REGISTRATION. */
  settingsEnv?: Record<string, string>;
  /** Off only to measure what SQLite's planner statistics save (bench/user-search.ts). */
  sqlitePlannerHints?: boolean;
}

export function databaseFromEnv(env: Record<string, string | undefined> = process.env): TestDatabase {
  const value = env[testStackEnv.database];
  if (value === undefined || value === "" || value === "sqlite") return "sqlite";
  if (value === "postgres") return "postgres";
  throw new Error(`${testStackEnv.database} must be sqlite or postgres, got "${value}"`);
}

export async function startTestStack({
  progress = false,
  kratosConfig = {},
  database = databaseFromEnv(),
  pgxOptions,
  exampleSso: withExampleSso = true,
  dataParent,
  settingsEnv = {},
  sqlitePlannerHints = true,
}: TestStackOptions = {}): Promise<TestStack> {
  const supervisor = new Supervisor({ echo: false, progress });
  const postgres =
    database === "postgres" ? await startPostgres(supervisor, { services: ["kratos", "hydra"], driverOptions: pgxOptions }) : undefined;
  try {
    const settings = await testSettings(
      {
        ...(postgres ? { KRATOS_DSN: postgres.dsn("kratos"), HYDRA_DSN: postgres.dsn("hydra") } : {}),
        ...(withExampleSso ? {} : { EXAMPLE_SSO: "off" }),
        ...settingsEnv,
      },
      dataParent,
    );
    const buildLog = (line: string) => {
      supervisor.progress("build", line);
    };
    const binary = await buildLauncher(kratosLauncher, buildLog);
    const hydraOptions = { binary: await buildLauncher(hydraLauncher, buildLog) };
    const [mailUrl] = await Promise.all([startMailCatcher(supervisor, settings), startBreachRange(supervisor, settings)]);
    const kratosOptions = { binary, config: merge(testKratosConfig, kratosConfig), sqlitePlannerHints };
    const sso = settings.exampleSso;
    const [kratos, hydra, exampleSso] = await Promise.all([
      startKratos(supervisor, settings, kratosOptions),
      startHydra(supervisor, settings, hydraOptions),
      sso ? startExampleSso(supervisor, settings, sso, hydraOptions) : undefined,
    ]);
    startCourier(supervisor, settings, kratosOptions);
    return {
      ...kratos,
      settings,
      supervisor,
      database,
      postgres,
      mailUrl,
      hydra,
      exampleSso,
      portalOrigin: settings.portal.origin,
      stopKratos: () => supervisor.stop("kratos"),
      async startKratos() {
        await startKratos(supervisor, settings, kratosOptions);
      },
      stopHydra: () => supervisor.stop("hydra"),
      async startHydra() {
        await startHydra(supervisor, settings, hydraOptions);
      },
      async stop() {
        await supervisor.stopAll();
        rmSync(settings.dataDir, { recursive: true, force: true });
        postgres?.remove();
      },
    };
  } catch (error) {
    await supervisor.stopAll();
    postgres?.remove();
    throw new Error(`${(error as Error).message}\nlast output of the stack:\n${supervisor.recentOutput()}`);
  }
}
