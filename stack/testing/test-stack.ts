// A stack for the test suites: the mail catcher, Kratos and Hydra on free ports with
// a throw-away data folder, so that tests never depend on a running `npm start`.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { merge, type ConfigTree } from "../config-tree.js";
import { buildLauncher, hydraLauncher, kratosLauncher } from "../go-build.js";
import { startHydra, type HydraUrls } from "../hydra.js";
import { startKratos, type KratosUrls } from "../kratos.js";
import { startMailCatcher } from "../mail-catcher.js";
import { readSettings, type StackSettings } from "../settings.js";
import { freePort, Supervisor } from "../supervisor.js";

export interface TestStack extends KratosUrls {
  settings: StackSettings;
  supervisor: Supervisor;
  mailUrl: string;
  hydra: HydraUrls;
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
  hydraAdminUrl: "TEST_HYDRA_ADMIN_URL",
  portalOrigin: "TEST_PORTAL_ORIGIN",
} as const;

export async function testSettings(): Promise<StackSettings> {
  const [portalPort, publicPort, adminPort, smtpPort, webPort, hydraPublicPort, hydraAdminPort] = await Promise.all(
    Array.from({ length: 7 }, () => freePort()),
  );
  const dataDir = mkdtempSync(join(tmpdir(), "account-portal-test-"));
  return readSettings({
    DATA_DIR: dataDir,
    PORTAL_PORT: String(portalPort),
    KRATOS_PUBLIC_PORT: String(publicPort),
    KRATOS_ADMIN_PORT: String(adminPort),
    MAIL_SMTP_PORT: String(smtpPort),
    MAIL_WEB_PORT: String(webPort),
    HYDRA_PUBLIC_PORT: String(hydraPublicPort),
    HYDRA_ADMIN_PORT: String(hydraAdminPort),
  });
}

/** Faster password hashing than production's: test identities need no protection. */
const testKratosConfig = { hashers: { bcrypt: { cost: 4 } } };

export interface TestStackOptions {
  /** Print what the stack is doing (builds, migrations, waits); the processes' own output is kept for failures. */
  progress?: boolean;
  /** Goes on top of the test configuration, e.g. a short flow lifespan for one test. */
  kratosConfig?: ConfigTree;
}

export async function startTestStack({ progress = false, kratosConfig = {} }: TestStackOptions = {}): Promise<TestStack> {
  const settings = await testSettings();
  const supervisor = new Supervisor({ echo: false, progress });
  const buildLog = (line: string) => supervisor.progress("build", line);
  const binary = await buildLauncher(kratosLauncher, buildLog);
  const hydraOptions = { binary: await buildLauncher(hydraLauncher, buildLog) };
  const mailUrl = await startMailCatcher(supervisor, settings);
  const kratosOptions = { binary, config: merge(testKratosConfig, kratosConfig) };
  const [kratos, hydra] = await Promise.all([
    startKratos(supervisor, settings, kratosOptions),
    startHydra(supervisor, settings, hydraOptions),
  ]);
  return {
    ...kratos,
    settings,
    supervisor,
    mailUrl,
    hydra,
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
    },
  };
}
