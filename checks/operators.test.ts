// What can be checked of the operators' files without a container engine:
// docker-compose.yml runs the Kratos and Hydra we build and test, with
// configuration keys that they know, safe by default (no --dev, no mail
// catcher, required secrets and origins, a role per database, admin APIs
// kept off the proxy's network), scalable (no host ports on scaled
// services), and the portal with variables that it reads;
// docker-compose.dev.yml only adds what a laptop needs, on loopback. And the
// tables of docs/ name every variable that the server, `npm start` and
// compose read.
import { execFileSync } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { parseEnv } from "node:util";
import t from "tap";
import { parse } from "yaml";
import { hydraOriginConfig } from "../stack/hydra.js";
import { kratosHooksConfig, kratosOriginConfig } from "../stack/kratos.js";
import type { ConfigTree } from "../stack/config-tree.js";
import { oryEnv, portalOnlyVariables, readSettings } from "../stack/settings.js";
import { readConfig } from "../server/src/config.js";
import { loadCompose, MissingVariable, type ComposeFile, type Env } from "./compose.js";

const root = fileURLToPath(new URL("..", import.meta.url));
const read = (file: string) => readFileSync(join(root, file), "utf8");

/** What an operator sets, as the header of docker-compose.yml shows. */
const production: Record<string, string> = {
  PORTAL_ORIGIN: "https://account.example.org",
  PORTAL_HOSTNAME: "account.example.org",
  HYDRA_ORIGIN: "https://auth.example.org",
  KRATOS_SMTP_URI: "smtps://mailer:secret@smtp.example.org:465/",
  KRATOS_MAIL_FROM: "no-reply@example.org",
  KRATOS_SECRETS_COOKIE: "c".repeat(64),
  KRATOS_SECRETS_CIPHER: "d".repeat(32),
  HYDRA_SECRETS_SYSTEM: "s".repeat(64),
  POSTGRES_PASSWORD: "p".repeat(32),
  KRATOS_DB_PASSWORD: "k".repeat(32),
  HYDRA_DB_PASSWORD: "h".repeat(32),
  DEVICE_COOKIE_SECRET: "v".repeat(64),
  KRATOS_HOOK_SECRET: "w".repeat(64),
  ALTCHA_HMAC_KEY: "a".repeat(64),
};
const secrets = [
  "KRATOS_SECRETS_COOKIE",
  "KRATOS_SECRETS_CIPHER",
  "HYDRA_SECRETS_SYSTEM",
  "POSTGRES_PASSWORD",
  "KRATOS_DB_PASSWORD",
  "HYDRA_DB_PASSWORD",
  "DEVICE_COOKIE_SECRET",
  "KRATOS_HOOK_SECRET",
  "ALTCHA_HMAC_KEY",
];

const compose = loadCompose(root, "docker-compose.yml", production);
const service = (name: string, file: ComposeFile = compose) => {
  const found = file.services[name];
  if (!found) throw new Error(`docker-compose has no ${name} service`);
  return found;
};
const kratosServices = ["kratos-migrate", "kratos", "courier"];
const hydraServices = ["hydra-migrate", "hydra", "hydra-admin"];
/** The services that `docker compose up --scale` runs more than one of. */
const scaled = ["portal", "kratos", "hydra"];

/** Every configuration key of a Go module's JSON schema, as its environment variable (a_b_c → A_B_C). */
function schemaPaths(launcher: string, module: string, schemaFile: string): Set<string> {
  const moduleDir = execFileSync("go", ["list", "-m", "-f", "{{.Dir}}", module], {
    cwd: join(root, "launchers", launcher),
    encoding: "utf8",
  }).trim();
  type Node = {
    properties?: Record<string, Node>;
    $ref?: string;
    allOf?: Node[];
    oneOf?: Node[];
    anyOf?: Node[];
    then?: Node;
    else?: Node;
  };
  const schema = JSON.parse(readFileSync(join(moduleDir, schemaFile), "utf8")) as Node & { definitions?: Record<string, Node> };
  const paths = new Set<string>();
  const visit = (node: Node | boolean | undefined, prefix: string, refs: Set<string>) => {
    if (!node || typeof node !== "object") return;
    const ref = node.$ref;
    if (ref?.startsWith("#/definitions/") && !refs.has(ref)) {
      visit(schema.definitions?.[ref.slice("#/definitions/".length)], prefix, new Set([...refs, ref]));
    }
    for (const [key, child] of Object.entries(node.properties ?? {})) {
      const path = prefix ? `${prefix}_${key}` : key;
      paths.add(path.toUpperCase());
      visit(child, path, refs);
    }
    for (const sub of [...(node.allOf ?? []), ...(node.oneOf ?? []), ...(node.anyOf ?? []), node.then, node.else]) {
      visit(sub, prefix, refs);
    }
  };
  visit(schema, "", new Set());
  return paths;
}

const kratosSchemaPaths = () => schemaPaths("kratos", "github.com/ory/kratos", join("embedx", "config.schema.json"));
const hydraSchemaPaths = () => schemaPaths("hydra", "github.com/ory/hydra/v2", join("spec", "config.json"));

/** A configuration tree as Kratos' and Hydra's environment variables (lists comma-separated). */
function asVariables(tree: ConfigTree, prefix = ""): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(tree)) {
    const name = prefix ? `${prefix}_${key.toUpperCase()}` : key.toUpperCase();
    if (value && typeof value === "object" && !Array.isArray(value)) Object.assign(out, asVariables(value as ConfigTree, name));
    else out[name] = Array.isArray(value) ? value.join(",") : String(value);
  }
  return out;
}

function launcherVersion(launcher: string, module: string): string | undefined {
  const goMod = read(join("launchers", launcher, "go.mod"));
  // tidy may list it in a require block, beside ory/x (profilex, as in Hydra's own main).
  return goMod.match(new RegExp(`^\\s*(?:require )?${module.replaceAll(".", "\\.")} (v[\\d.]+)$`, "m"))?.[1];
}

t.test("compose runs the Kratos and Hydra versions that the launchers build, with the shared config", async (t) => {
  const kratos = launcherVersion("kratos", "github.com/ory/kratos");
  const hydra = launcherVersion("hydra", "github.com/ory/hydra/v2");
  t.ok(kratos && hydra, "each launcher requires one version");
  for (const name of kratosServices) {
    t.equal(service(name).image, `oryd/kratos:${kratos}`, `${name} uses oryd/kratos:${kratos}`);
    t.ok(service(name).volumes?.includes("./config/kratos:/etc/config/kratos:ro"), `${name} mounts config/kratos`);
    t.match(service(name).command, /-c \/etc\/config\/kratos\/kratos\.yml( |$)/);
  }
  for (const name of hydraServices) {
    t.equal(service(name).image, `oryd/hydra:${hydra}`, `${name} uses oryd/hydra:${hydra}`);
    t.ok(service(name).volumes?.includes("./config/hydra:/etc/config/hydra:ro"), `${name} mounts config/hydra`);
  }
  t.match(
    read("config/kratos/kratos.yml"),
    /url: file:\/\/\/etc\/config\/kratos\/identity\.schema\.json/,
    "the schema path inside the image",
  );
  for (const [name, { image, build }] of Object.entries(compose.services)) {
    if (build === undefined) t.match(image, /^[\w./-]+:v?\d[\w.-]*$/, `${name} runs a pinned version of its image`);
  }
});

t.test("compose runs no --dev, one courier beside servers without one, and Hydra's admin API apart", async (t) => {
  for (const [name, { command }] of Object.entries(compose.services)) {
    t.notMatch(command ?? "", /--dev\b/, `${name} runs without --dev`);
    t.notMatch(command ?? "", /--watch-courier/, `${name} sends no mail from a server`);
  }
  t.equal(service("kratos-migrate").command, "migrate sql -e --yes -c /etc/config/kratos/kratos.yml");
  t.equal(
    service("kratos").command,
    "serve -c /etc/config/kratos/kratos.yml -c /etc/config/kratos-hooks.yml -c /etc/config/kratos-oidc.yml --sqa-opt-out",
  );
  t.equal(service("courier").command, "courier watch -c /etc/config/kratos/kratos.yml");
  t.equal(service("hydra-migrate").command, "migrate sql up -e --yes");
  t.equal(service("hydra").command, "serve public -c /etc/config/hydra/hydra.yml --sqa-opt-out");
  t.equal(service("hydra-admin").command, "serve admin -c /etc/config/hydra/hydra.yml --sqa-opt-out");
});

t.test("compose refuses to start without each required variable, and says what to set", async (t) => {
  const required = new Set(Object.keys(production));
  for (const name of required) {
    const without: Env = { ...production, [name]: undefined };
    t.throws(
      () => loadCompose(root, "docker-compose.yml", without),
      { name: "MissingVariable", message: new RegExp(`^required variable ${name} is missing a value: set ${name}`) },
      `${name} is required`,
    );
    t.throws(() => loadCompose(root, "docker-compose.yml", { ...without, [name]: "" }), MissingVariable, `${name} may not be empty`);
  }
  const mail = service("kratos").environment!;
  t.equal(mail.COURIER_SMTP_CONNECTION_URI, production.KRATOS_SMTP_URI, "Kratos sends through the operator's SMTP server");
  t.equal(mail.COURIER_SMTP_FROM_ADDRESS, production.KRATOS_MAIL_FROM);
  for (const [name, { image }] of Object.entries(compose.services))
    t.notMatch(image ?? "", /maildev|mailhog|mailpit/, `${name} is no mail catcher`);
  t.equal(service("kratos").environment!.SECRETS_COOKIE, production.KRATOS_SECRETS_COOKIE);
  t.equal(service("hydra").environment!.SECRETS_SYSTEM, production.HYDRA_SECRETS_SYSTEM);
});

t.test("only the proxy publishes ports; the scaled services have no fixed host port or name", async (t) => {
  for (const [name, { ports, container_name }] of Object.entries(compose.services)) {
    if (name !== "proxy") t.same(ports ?? [], [], `${name} publishes nothing`);
    t.equal(container_name, undefined, `${name} has no fixed container name`);
  }
  for (const name of scaled) t.ok(compose.services[name], `${name} exists`);
  t.same(service("proxy").ports, ["80:80", "443:443"]);
});

t.test("each service reaches PostgreSQL as its own role in its own database, with TLS not disabled", async (t) => {
  const dsn = (name: string) => new URL(service(name).environment!.DSN);
  for (const [names, role, password] of [
    [kratosServices, "kratos", production.KRATOS_DB_PASSWORD],
    [hydraServices, "hydra", production.HYDRA_DB_PASSWORD],
  ] as const) {
    for (const name of names) {
      const url = dsn(name);
      t.equal(url.username, role, `${name} connects as ${role}`);
      t.equal(url.password, password, `${name} uses ${role}'s own password`);
      t.equal(url.pathname, `/${role}`, `${name} uses the ${role} database`);
      t.equal(url.hostname, "postgres");
      t.equal(url.searchParams.get("sslmode"), "prefer", `${name} uses TLS whenever PostgreSQL offers it`);
    }
  }
  const postgres = service("postgres");
  t.equal(postgres.environment!.KRATOS_DB_PASSWORD, production.KRATOS_DB_PASSWORD);
  t.equal(postgres.environment!.HYDRA_DB_PASSWORD, production.HYDRA_DB_PASSWORD);
  t.notOk("POSTGRES_USER" in postgres.environment!, "the superuser is not a service's role");
  const mounts = Object.fromEntries((postgres.volumes ?? []).map((volume) => volume.split(":").slice(0, 2).reverse()));
  const init = mounts["/docker-entrypoint-initdb.d/create-service-databases.sh"];
  const sql = mounts["/etc/postgres/service-database.sql"];
  t.ok(init && sql, "PostgreSQL creates the roles and databases when its volume is new");
  const script = read(init);
  t.match(script, /create kratos "\$KRATOS_DB_PASSWORD"/);
  t.match(script, /create hydra "\$HYDRA_DB_PASSWORD"/);
  t.match(script, /-f \/etc\/postgres\/service-database\.sql/);
  const statements = read(sql);
  t.match(statements, /CREATE DATABASE :"service" OWNER :"service";/);
  t.match(statements, /REVOKE ALL ON DATABASE :"service" FROM PUBLIC;/, "no other role may connect");
});

t.test("the admin APIs share a network only with their callers, their own processes and their database", async (t) => {
  const networksOf = (name: string) => new Set(service(name).networks ?? []);
  const peers = (name: string) =>
    Object.keys(compose.services)
      .filter((other) => other !== name && [...networksOf(other)].some((network) => networksOf(name).has(network)))
      .sort();
  // Hydra calls Kratos' admin API (logout, identity_provider); Kratos calls Hydra's (login_challenge); the portal calls Hydra's.
  t.same(peers("kratos"), ["breach-range", "courier", "hydra", "hydra-admin", "kratos-migrate", "portal", "postgres"]);
  t.same(peers("breach-range"), ["kratos"], "only Kratos asks the breach range service");
  t.same(peers("hydra-admin"), ["hydra", "hydra-migrate", "kratos", "portal", "postgres"]);
  t.same(peers("proxy"), ["hydra", "portal"], "the proxy reaches the portal and Hydra's public API only");
  t.same(peers("redis"), ["portal"]);
  t.same(peers("postgres"), [...kratosServices, ...hydraServices].sort());
  t.same(peers("courier"), ["kratos", "kratos-migrate", "postgres"], "the courier's way out is its own network");
  for (const network of ["identity", "kratos-db", "hydra-db", "limits", "breach-check"]) {
    t.equal(compose.networks?.[network]?.internal, true, `${network} has no way out of the host`);
  }
  t.equal(service("kratos").environment!.OAUTH2_PROVIDER_URL, "http://hydra-admin:4445", "Kratos finds Hydra's admin API");
  t.equal(service("hydra").environment!.URLS_IDENTITY_PROVIDER_URL, "http://kratos:4434", "Hydra finds Kratos' admin API");
});

t.test("every Kratos and Hydra variable in compose names a key of their configuration", async (t) => {
  const dev = loadCompose(root, "docker-compose.dev.yml", production);
  for (const [names, known] of [
    [kratosServices, kratosSchemaPaths()],
    [hydraServices, hydraSchemaPaths()],
  ] as const) {
    for (const name of names) {
      const variables = Object.keys({ ...service(name).environment, ...dev.services[name]?.environment });
      t.ok(variables.length > 0, `${name} is configured`);
      // SSL_CERT_DIR is Go's, not a key: the authorities Kratos trusts beside the system's (docs/breached-passwords.md).
      for (const variable of variables.filter((v) => v !== "DSN" && v !== "SSL_CERT_DIR"))
        t.ok(known.has(variable), `${name}: ${variable} is a configuration key`);
    }
    t.notOk(known.has("NOT_A_KEY"), "an unknown name is not taken for a key");
  }
});

t.test("npm start keeps from Kratos and Hydra every variable of the portal that they would read as their configuration", async (t) => {
  const theirs = new Set([...kratosSchemaPaths(), ...hydraSchemaPaths()]);
  t.same(
    variablesRead(readConfig).filter((name) => theirs.has(name)),
    [...portalOnlyVariables],
    "LOG_LEVEL is their log.level too, which refuses the portal's silent and warn",
  );
  t.same(oryEnv("sqlite:///data/kratos.sqlite", { LOG_LEVEL: "silent", PATH: "/usr/bin" }), {
    PATH: "/usr/bin",
    DSN: "sqlite:///data/kratos.sqlite",
  });
});

t.test("the UI URLs in Kratos' and Hydra's files and in compose are the portal's routes (paths.ts)", async (t) => {
  const kratosYml = parse(read("config/kratos/kratos.yml")) as ConfigTree;
  const hydraYml = parse(read("config/hydra/hydra.yml")) as ConfigTree;
  t.match(kratosYml, kratosOriginConfig("http://localhost:3000"), "kratos.yml, for http://localhost:3000");
  t.match(hydraYml, hydraOriginConfig("http://localhost:3000"), "hydra.yml, for http://localhost:3000");
  const expected = {
    ...asVariables(kratosOriginConfig(production.PORTAL_ORIGIN)),
    ...asVariables(hydraOriginConfig(production.PORTAL_ORIGIN)),
  };
  const kratosEnv = service("kratos").environment!;
  const hydraEnv = service("hydra").environment!;
  for (const [variable, value] of Object.entries(expected)) {
    t.equal(kratosEnv[variable] ?? hydraEnv[variable], value, `compose sets ${variable}`);
  }
  t.equal(expected.SELFSERVICE_METHODS_WEBAUTHN_CONFIG_RP_ID, production.PORTAL_HOSTNAME, "PORTAL_HOSTNAME is PORTAL_ORIGIN's host");
  t.equal(hydraEnv.URLS_SELF_ISSUER, production.HYDRA_ORIGIN);
});

t.test("compose gives Kratos the same web hooks as npm start, with the portals' secret, and the portals what they need", async (t) => {
  const content = compose.configs?.["kratos-hooks"]?.content;
  t.ok(content, "a kratos-hooks config");
  t.same(
    parse(content ?? ""),
    kratosHooksConfig("http://portal:8081", production.KRATOS_HOOK_SECRET, "file:///etc/config/kratos/hooks/security-event.jsonnet"),
    "to the portals' internal port",
  );
  t.match(service("kratos").command, /-c \/etc\/config\/kratos-hooks\.yml/, "Kratos reads it");
  const portal = service("portal").environment!;
  t.equal(portal.KRATOS_HOOK_SECRET, production.KRATOS_HOOK_SECRET);
  const image = parseEnv(
    read("Dockerfile")
      .match(/^ENV (.+)$/m)![1]
      .replaceAll(" ", "\n"),
  );
  t.same(
    readConfig({ ...image, ...portal }).internal,
    { host: "0.0.0.0", port: 8081 },
    "the portal serves them on 8081, apart from its public port, where Kratos' containers reach it",
  );
  t.equal(portal.SMTP_URI, production.KRATOS_SMTP_URI, "the security mails go through Kratos' SMTP server");
  t.equal(portal.MAIL_FROM, production.KRATOS_MAIL_FROM);
  t.equal(portal.PORTAL_REDIS_URL, "redis://redis:6379");
  t.match(service("redis").command, ["redis-server", "--save", "", "--appendonly", "yes"], "Redis keeps the portals' state on disk");
  t.doesNotThrow(() => readConfig({ ...portal, PORT: "3000" }), "the portal accepts what compose gives it");
});

interface CaddyRoute {
  match: { host: string[] }[];
  handle: {
    routes: {
      match?: { path?: string[] }[];
      handle: { handler: string; status_code?: number; dynamic_upstreams?: { source: string; name: string; port: string } }[];
    }[];
  }[];
}
/** The Caddyfile as Caddy itself reads it (`caddy adapt`, Debian's caddy package) for the given origins. */
function adaptCaddyfile(origins: { PORTAL_ORIGIN: string; HYDRA_ORIGIN: string }) {
  let output: string;
  try {
    output = execFileSync("caddy", ["adapt", "--config", join(root, "config", "caddy", "Caddyfile"), "--adapter", "caddyfile"], {
      env: { ...process.env, ...origins },
      encoding: "utf8",
      stdio: ["ignore", "pipe", "pipe"],
    });
  } catch (error) {
    throw new Error(`caddy adapt failed (is Caddy installed? Debian: apt-get install caddy): ${(error as Error).message}`);
  }
  const servers = (JSON.parse(output) as { apps: { http: { servers: Record<string, { listen: string[]; routes: CaddyRoute[] }> } } }).apps
    .http.servers;
  return Object.values(servers).flatMap(({ listen, routes }) =>
    routes.map((route) => {
      const inner = route.handle[0].routes;
      return {
        listen,
        host: route.match[0].host[0],
        upstream: inner.flatMap(({ handle }) => handle).find((handler) => handler.handler === "reverse_proxy")?.dynamic_upstreams,
        /** The paths it answers 404 for itself, never passing them on. */
        refused: inner
          .filter(({ handle }) => handle.some((handler) => handler.handler === "static_response" && handler.status_code === 404))
          .flatMap(({ match }) => match?.flatMap(({ path }) => path ?? []) ?? []),
      };
    }),
  );
}

t.test("the proxy's config sends each origin to every replica of the portal and of Hydra's public API", async (t) => {
  const proxy = service("proxy");
  t.ok(proxy.volumes?.includes("./config/caddy/Caddyfile:/etc/caddy/Caddyfile:ro"));
  t.same(proxy.environment, { PORTAL_ORIGIN: production.PORTAL_ORIGIN, HYDRA_ORIGIN: production.HYDRA_ORIGIN });
  const portalPort = String(
    // The image's own settings, and the secret compose requires with them.
    readConfig({
      ...parseEnv(
        read("Dockerfile")
          .match(/^ENV (.+)$/m)![1]
          .replaceAll(" ", "\n"),
      ),
      ALTCHA_HMAC_KEY: production.ALTCHA_HMAC_KEY,
    }).port,
  );
  const hydraPort = String((parse(read("config/hydra/hydra.yml")) as { serve: { public: { port: number } } }).serve.public.port);
  t.same(
    adaptCaddyfile({ PORTAL_ORIGIN: production.PORTAL_ORIGIN, HYDRA_ORIGIN: production.HYDRA_ORIGIN }),
    [
      {
        listen: [":443"],
        host: "account.example.org",
        upstream: { source: "a", name: "portal", port: portalPort, refresh: 5e9 },
        refused: ["/internal/*"],
      },
      { listen: [":443"], host: "auth.example.org", upstream: { source: "a", name: "hydra", port: hydraPort, refresh: 5e9 }, refused: [] },
    ],
    "https for both origins, each to all addresses that compose's DNS gives for the service; Kratos' hooks never",
  );
  for (const name of ["portal", "hydra"]) t.ok(scaled.includes(name) && compose.services[name], `${name} is a scaled compose service`);

  const devEnv = parseEnv(read("config/compose/dev.env"));
  const dev = adaptCaddyfile({ PORTAL_ORIGIN: devEnv.PORTAL_ORIGIN!, HYDRA_ORIGIN: devEnv.HYDRA_ORIGIN! });
  const byPort = dev.map(({ listen, host }) => ({ listen, host })).sort((x, y) => x.listen[0].localeCompare(y.listen[0]));
  t.same(
    byPort,
    [
      { listen: [":443"], host: "localhost" },
      { listen: [":4444"], host: "localhost" },
    ],
    "the dev origins: https on localhost, Hydra's on the port that the dev override publishes",
  );
});

t.test("the portal service is configured through variables the server reads", async (t) => {
  const portal = service("portal");
  t.same(portal.build, { context: ".", args: ["NODE_IMAGE"] }, "the repository's Dockerfile, on a base the builder may name");
  t.equal(portal.read_only, true, "nothing in the image is written to");
  t.same(portal.networks, ["edge", "identity", "limits"]);
  const environment = portal.environment!;
  const config = readConfig(environment);
  t.equal(config.origin, production.PORTAL_ORIGIN);
  t.equal(config.kratosPublicUrl, "http://kratos:4433");
  t.equal(config.hydraAdminUrl, "http://hydra-admin:4445");
  t.same(config.trustedProxies, ["uniquelocal"], "the proxy, whose address on the edge network is private");
  t.same(config.formActionOrigins, [production.HYDRA_ORIGIN], "a passkey sign-in may be sent on to Hydra's issuer");
  // REGISTRATION's default is the server's own (open): the variable is read when it says invite-only (below).
  for (const variable of Object.keys(environment).filter((name) => name !== "REGISTRATION")) {
    t.notSame(readConfig({ ...environment, [variable]: undefined }), config, `${variable} is read by the server`);
  }
  t.equal(config.rateLimitRedisUrl, "redis://redis:6379", "every portal counts the abuse limits in the one Redis");
});

t.test("invite-only: the operator's two variables close registration in the portal and in Kratos", async (t) => {
  t.equal(readConfig(service("portal").environment).registration, "open", "open by default");
  t.equal(service("kratos").environment!.SELFSERVICE_FLOWS_REGISTRATION_ENABLED, "true");
  const closed = loadCompose(root, "docker-compose.yml", {
    ...production,
    REGISTRATION: "invite-only",
    KRATOS_REGISTRATION_ENABLED: "false",
  });
  t.equal(readConfig(service("portal", closed).environment).registration, "invite-only");
  t.equal(service("kratos", closed).environment!.SELFSERVICE_FLOWS_REGISTRATION_ENABLED, "false");
});

t.test("the dev override only adds a mail catcher and Hydra's port, on loopback", async (t) => {
  const devEnv = parseEnv(read("config/compose/dev.env"));
  t.same(
    Object.keys(devEnv).filter((name) => secrets.includes(name)),
    [],
    "dev.env holds no secrets",
  );
  const secretsOnly = Object.fromEntries(secrets.map((name) => [name, production[name]]));
  const base = loadCompose(root, "docker-compose.yml", { ...devEnv, ...secretsOnly });
  const dev = loadCompose(root, "docker-compose.dev.yml", { ...devEnv, ...secretsOnly });
  t.same(Object.keys(dev.services).sort(), ["mailcatcher", "proxy"], "Kratos and Hydra run as in production");
  t.same(Object.keys(dev.services.proxy), ["ports"], "the proxy differs in a published port only");
  t.ok(base.services.proxy, "the production file's proxy");
  for (const origin of [devEnv.PORTAL_ORIGIN!, devEnv.HYDRA_ORIGIN!]) t.equal(new URL(origin).protocol, "https:", `${origin} is https`);
  const published = [...dev.services.mailcatcher.ports!, ...dev.services.proxy.ports!];
  for (const port of published) t.match(port, /^127\.0\.0\.1:/, `${port} is reachable from this machine only`);
  t.same(dev.services.mailcatcher.networks, ["outbound", "edge"], "on the courier's network and the portals'");
  t.equal(new URL(devEnv.KRATOS_SMTP_URI!).hostname, "mailcatcher");
  t.equal(new URL(devEnv.HYDRA_ORIGIN!).port, dev.services.proxy.ports![0].split(":")[1], "the proxy publishes Hydra's dev origin");
  t.equal(new URL(devEnv.PORTAL_ORIGIN!).hostname, devEnv.PORTAL_HOSTNAME);
});

/** The variables that `readEnv` asks its environment for, set or not. */
function variablesRead(readEnv: (env: Env) => unknown, given: Env = {}): string[] {
  const names = new Set<string>();
  const env = new Proxy(given, {
    get(target, name) {
      if (typeof name === "string") names.add(name);
      return Reflect.get(target, name) as unknown;
    },
  });
  readEnv(env);
  return [...names];
}

t.test("the tables of docs/ name every variable that the server, npm start and compose read", async (t) => {
  const documented = new Set(
    readdirSync(join(root, "docs"))
      .filter((name) => name.endsWith(".md"))
      .flatMap((name) => read(`docs/${name}`).split("\n"))
      .filter((line) => line.startsWith("|"))
      .flatMap((line) => [...line.matchAll(/`([A-Z][A-Z0-9_]*)`/g)].map((match) => match[1])),
  );
  const server = variablesRead(readConfig);
  t.ok(server.includes("PORTAL_ORIGIN") && server.includes("LIMIT_API_IP"), "the server's variables are seen as it reads them");
  for (const name of server) t.ok(documented.has(name), `the server's ${name} has a row in docs/`);

  // npm start generates its secrets into the data folder when none are set: a throw-away one here.
  const dataDir = mkdtempSync(join(tmpdir(), "operators-settings-"));
  t.teardown(() => {
    rmSync(dataDir, { recursive: true, force: true });
  });
  const stack = variablesRead(readSettings, { DATA_DIR: dataDir });
  t.ok(stack.includes("KRATOS_DSN"), "npm start's variables are seen as it reads them");
  for (const name of stack) t.ok(documented.has(name), `npm start's ${name} has a row in docs/`);

  const composeVariables = new Set(
    ["docker-compose.yml", "docker-compose.dev.yml"].flatMap((file) =>
      [...read(file).matchAll(/\$\{([A-Z][A-Z0-9_]*)/g)].map((match) => match[1]),
    ),
  );
  t.ok(composeVariables.has("HYDRA_DB_PASSWORD"), "compose's variables are found");
  for (const name of composeVariables) t.ok(documented.has(name), `compose's ${name} has a row in docs/`);
});
