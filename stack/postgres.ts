// A throw-away PostgreSQL server for the test suites, from the machine's own
// PostgreSQL binaries: a fresh cluster in a temporary folder, on a free
// loopback port with its socket in that folder, one role and one database per
// service (config/postgres/service-database.sql, as in compose), deleted when
// it stops. Trust authentication: only this machine's loopback reaches it.
import { execFile } from "node:child_process";
import { randomBytes } from "node:crypto";
import { chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { rootDir } from "./settings.js";
import { freePort, type Supervisor } from "./supervisor.js";

/**
 * Kratos' and Hydra's PostgreSQL driver (pgx 5.6) keeps named prepared
 * statements per connection; a request whose client hangs up mid-query leaves
 * them to be dropped on the connection's next use, which can fail, and Kratos
 * then answers the next user's whoami with 401 (jackc/pgx#2100). Describing
 * statements instead of preparing them by name removes that step.
 */
export const pgxOptions = "default_query_exec_mode=cache_describe&statement_cache_capacity=0";

/** Where initdb, postgres and psql are: POSTGRES_BIN_DIR, else Debian's newest /usr/lib/postgresql/N/bin. */
export function postgresBinDir(env: Record<string, string | undefined> = process.env): string {
  const candidates = env.POSTGRES_BIN_DIR
    ? [env.POSTGRES_BIN_DIR]
    : existsSync("/usr/lib/postgresql")
      ? readdirSync("/usr/lib/postgresql")
          .filter((version) => /^\d+$/.test(version))
          .sort((a, b) => Number(b) - Number(a))
          .map((version) => join("/usr/lib/postgresql", version, "bin"))
      : [];
  const found = candidates.find((dir) => ["initdb", "postgres", "psql"].every((tool) => existsSync(join(dir, tool))));
  if (!found) {
    throw new Error(
      "PostgreSQL's server binaries (initdb, postgres, psql) are missing: install them (Debian: apt-get install postgresql) " +
        "or point POSTGRES_BIN_DIR at their folder",
    );
  }
  return found;
}

/**
 * PostgreSQL refuses to run as root. As root (CI), the server runs as the
 * `postgres` user that Debian's package creates, or `nobody`.
 */
function serverUser(): { uid: number; gid: number } | undefined {
  if (process.getuid?.() !== 0) return undefined;
  const users = readFileSync("/etc/passwd", "utf8")
    .split("\n")
    .map((line) => line.split(":"));
  const user = users.find((fields) => fields[0] === "postgres") ?? users.find((fields) => fields[0] === "nobody");
  if (!user) throw new Error("PostgreSQL cannot run as root and this machine has neither a postgres nor a nobody user");
  return { uid: Number(user[2]), gid: Number(user[3]) };
}

const execFileText = promisify(execFile);
const exec = async (command: string, args: string[], options: { uid?: number; gid?: number } = {}) =>
  (await execFileText(command, args, { ...options, encoding: "utf8" })).stdout;

export interface PostgresServer {
  port: number;
  /** A DSN for the service's own role and database, as Kratos and Hydra read it. */
  dsn(service: string): string;
  /** Runs SQL as the superuser in a database; returns psql's unaligned output. */
  query(database: string, sql: string, role?: string): Promise<string>;
  /** Deletes the cluster's folder; call after the supervisor stopped the server. */
  remove(): void;
}

export async function startPostgres(
  supervisor: Supervisor,
  {
    services,
    label = "postgres",
    driverOptions = pgxOptions,
  }: {
    services: string[];
    label?: string;
    /** The DSNs' options for Kratos' and Hydra's driver; production's by default (the bench's capacity mode compares). */
    driverOptions?: string;
  },
): Promise<PostgresServer> {
  const bin = postgresBinDir();
  const user = serverUser();
  const dir = mkdtempSync(join(tmpdir(), "account-portal-pg-"));
  if (user) chownSync(dir, user.uid, user.gid);
  const data = join(dir, "data");
  const port = await freePort();
  const remove = () => {
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    supervisor.progress(label, `creating a throw-away cluster with ${join(bin, "initdb")}`);
    await exec(join(bin, "initdb"), ["-D", data, "-U", "postgres", "--auth=trust", "-E", "UTF8", "--no-sync"], user);
    // Durability is not needed for a cluster deleted after the run; speed is.
    supervisor.start(
      label,
      join(bin, "postgres"),
      [
        "-D",
        data,
        "-p",
        String(port),
        "-k",
        dir,
        "-c",
        "listen_addresses=127.0.0.1",
        "-c",
        "fsync=off",
        "-c",
        "synchronous_commit=off",
        "-c",
        "full_page_writes=off",
        "-c",
        "max_connections=300",
      ],
      { ...user, stopSignal: "SIGINT" },
    );
    const psql = (database: string, args: string[], role = "postgres") =>
      exec(join(bin, "psql"), [
        "-h",
        "127.0.0.1",
        "-p",
        String(port),
        "-U",
        role,
        "-d",
        database,
        "-X",
        "-q",
        "-A",
        "-t",
        "-v",
        "ON_ERROR_STOP=1",
        ...args,
      ]);
    await supervisor.waitUntil(label, `PostgreSQL on 127.0.0.1:${port}`, () =>
      psql("postgres", ["-c", "SELECT 1"]).then(
        () => true as const,
        (error: unknown) => {
          const message = error instanceof Error ? error.message : String(error);
          return message.split("\n").at(-2) ?? message;
        },
      ),
    );
    const passwords = new Map<string, string>();
    for (const service of services) {
      const password = randomBytes(16).toString("hex");
      passwords.set(service, password);
      await psql("postgres", [
        "-v",
        `service=${service}`,
        "-v",
        `password=${password}`,
        "-f",
        join(rootDir, "config", "postgres", "service-database.sql"),
      ]);
    }
    return {
      port,
      // No TLS on loopback: the traffic never leaves this machine. No named
      // statement cache, as in production (docs/postgresql.md, "Statements").
      dsn: (service) =>
        `postgres://${service}:${passwords.get(service)}@127.0.0.1:${port}/${service}?sslmode=disable&max_conns=20&max_idle_conns=4${driverOptions ? `&${driverOptions}` : ""}`,
      query: (database, sql, role) => psql(database, ["-c", sql], role),
      remove,
    };
  } catch (error) {
    await supervisor.stop(label);
    remove();
    throw error;
  }
}
