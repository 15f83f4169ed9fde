// The scale-out stack on loopback, as docker-compose.yml runs it with
// `--scale portal=2 --scale kratos=2 --scale hydra=2`: one PostgreSQL (a
// database and role each for Kratos and Hydra), one Redis, one mail catcher,
// one courier, and two pairs of Kratos, Hydra and portal. Each portal talks to
// its own Kratos and Hydra; only the databases and Redis are shared. Both
// pairs serve one origin and one issuer, as behind compose's proxy, with the
// same secrets. The portals run as the Docker image does: the bundled server
// on the image's Node.
import { rmSync } from "node:fs";
import { buildLauncher, hydraLauncher, kratosLauncher } from "../go-build.js";
import { startHydra, type HydraUrls } from "../hydra.js";
import { imageNode, type ImageNode } from "../image-node.js";
import { startCourier, startKratos, type KratosUrls } from "../kratos.js";
import { startMailCatcher } from "../mail-catcher.js";
import { startPortal } from "../portal.js";
import { startPostgres, type PostgresServer } from "../postgres.js";
import { startRedis, type RedisServer } from "../redis.js";
import { buildRelease } from "../release.js";
import type { StackSettings } from "../settings.js";
import { freePort, Supervisor } from "../supervisor.js";
import { testKratosConfig, testSettings } from "../test-stack.js";

export interface Pair {
  name: "a" | "b";
  settings: StackSettings;
  /** Where this pair's portal listens (loopback); the browser-facing origin is the stack's. */
  portalUrl: string;
  kratos: KratosUrls;
  hydra: HydraUrls;
}

export interface ScaleStack {
  pairs: [Pair, Pair];
  /** The one origin both portals serve, as behind a load balancer. */
  origin: string;
  mailUrl: string;
  redis: RedisServer;
  postgres: PostgresServer;
  node: ImageNode;
  supervisor: Supervisor;
  /** Ends a pair's Kratos or portal as a crash would (SIGKILL). */
  kill(pair: Pair, service: "kratos" | "portal"): Promise<void>;
  /** Starts it again on the same port and data, and waits until it serves. */
  restart(pair: Pair, service: "kratos" | "portal"): Promise<void>;
  stop(): Promise<void>;
}

export async function startScaleStack({ progress = false } = {}): Promise<ScaleStack> {
  const supervisor = new Supervisor({ echo: false, progress });
  const log = (line: string) => {
    supervisor.progress("scale", line);
  };
  const cleanup: (() => void)[] = [];
  try {
    const buildLog = (line: string) => {
      supervisor.progress("build", line);
    };
    const kratosBinary = await buildLauncher(kratosLauncher, buildLog);
    const hydraBinary = await buildLauncher(hydraLauncher, buildLog);
    const [release, node] = await Promise.all([buildRelease(supervisor), imageNode(log)]);
    log(`portals run the compiled server on Node ${node.version}${node.fallback ? ` (not the image's: ${node.fallback})` : ""}`);

    const postgres = await startPostgres(supervisor, { services: ["kratos", "hydra"] });
    cleanup.push(() => {
      postgres.remove();
    });
    const redis = await startRedis(supervisor);
    cleanup.push(() => {
      redis.remove();
    });

    // Example SSO is not part of a production deployment.
    const a = await testSettings({ KRATOS_DSN: postgres.dsn("kratos"), HYDRA_DSN: postgres.dsn("hydra"), EXAMPLE_SSO: "off" });
    cleanup.push(() => {
      rmSync(a.dataDir, { recursive: true, force: true });
    });
    const [portalB, internalB, kratosPublicB, kratosAdminB, hydraPublicB, hydraAdminB] = await Promise.all(
      Array.from({ length: 6 }, () => freePort()),
    );
    // Everything but the ports is shared: origin, issuer, secrets, databases, mail.
    const b: StackSettings = {
      ...a,
      portal: { ...a.portal, port: portalB, internalPort: internalB },
      kratos: { ...a.kratos, publicPort: kratosPublicB, adminPort: kratosAdminB },
      hydra: { ...a.hydra, publicPort: hydraPublicB, adminPort: hydraAdminB },
    };
    const mailUrl = await startMailCatcher(supervisor, a);

    const kratosOptions = (name: string, migrate: boolean) => ({
      binary: kratosBinary,
      config: testKratosConfig,
      label: `kratos-${name}`,
      migrate,
    });
    const hydraOptions = (name: string, migrate: boolean) => ({ binary: hydraBinary, label: `hydra-${name}`, migrate });
    // The first of each migrates the shared database; the second only serves.
    const [kratosA, hydraA] = await Promise.all([
      startKratos(supervisor, a, kratosOptions("a", true)),
      startHydra(supervisor, a, hydraOptions("a", true)),
    ]);
    const [kratosB, hydraB] = await Promise.all([
      startKratos(supervisor, b, kratosOptions("b", false)),
      startHydra(supervisor, b, hydraOptions("b", false)),
    ]);
    startCourier(supervisor, a, { binary: kratosBinary, config: testKratosConfig });

    const portalOptions = (name: string) => ({
      label: `portal-${name}`,
      release: { dir: release, node: node.path },
      // The test's HTTP client on loopback stands for the load balancer in front of the portals. Its limits are
      // counted to their refusal, so the proof-of-work check before them is off, as in the browser suite's portal.
      env: { TRUST_PROXY: "loopback", RATE_LIMIT_REDIS_URL: redis.url, CHALLENGE_FROM: "off" },
    });
    const pairs: [Pair, Pair] = [
      { name: "a", settings: a, portalUrl: `http://127.0.0.1:${a.portal.port}`, kratos: kratosA, hydra: hydraA },
      { name: "b", settings: b, portalUrl: `http://127.0.0.1:${b.portal.port}`, kratos: kratosB, hydra: hydraB },
    ];
    await Promise.all(pairs.map((pair) => startPortal(supervisor, pair.settings, pair.kratos, portalOptions(pair.name))));

    return {
      pairs,
      origin: a.portal.origin,
      mailUrl,
      redis,
      postgres,
      node,
      supervisor,
      kill: (pair, service) => supervisor.stop(`${service}-${pair.name}`, { signal: "SIGKILL" }),
      async restart(pair, service) {
        if (service === "kratos") await startKratos(supervisor, pair.settings, kratosOptions(pair.name, false));
        else await startPortal(supervisor, pair.settings, pair.kratos, portalOptions(pair.name));
      },
      async stop() {
        await supervisor.stopAll();
        for (const remove of cleanup) remove();
      },
    };
  } catch (error) {
    await supervisor.stopAll();
    for (const remove of cleanup) remove();
    throw new Error(`${(error as Error).message}\nlast output of the stack:\n${supervisor.recentOutput()}`);
  }
}
