// What can be checked of the operators' files without a container engine:
// docker-compose.yml runs the Kratos and Hydra we build and test, with
// configuration keys that they know, and the portal with variables that it reads.
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import t from "tap";
import { parse } from "yaml";
import { readConfig } from "../src/config.js";

const root = fileURLToPath(new URL("../..", import.meta.url));

interface Service {
  image?: string;
  build?: string;
  command?: string;
  environment?: Record<string, string>;
  volumes?: string[];
}
const compose = parse(readFileSync(join(root, "docker-compose.yml"), "utf8"), { merge: true }) as {
  services: Record<string, Service>;
};

/** Every configuration key of a Go module's JSON schema, as its environment variable (a_b_c → A_B_C). */
function schemaPaths(launcher: string, module: string, schemaFile: string): Set<string> {
  const moduleDir = execFileSync("go", ["list", "-m", "-f", "{{.Dir}}", module], {
    cwd: join(root, "launchers", launcher),
    encoding: "utf8",
  }).trim();
  const schema = JSON.parse(readFileSync(join(moduleDir, schemaFile), "utf8"));
  const paths = new Set<string>();
  const visit = (node: { properties?: Record<string, unknown> }, prefix: string) => {
    for (const [key, child] of Object.entries(node.properties ?? {})) {
      const path = prefix ? `${prefix}_${key}` : key;
      paths.add(path.toUpperCase());
      visit(child as { properties?: Record<string, unknown> }, path);
    }
  };
  visit(schema, "");
  return paths;
}

const kratosSchemaPaths = () => schemaPaths("kratos", "github.com/ory/kratos", join("embedx", "config.schema.json"));
const hydraSchemaPaths = () => schemaPaths("hydra", "github.com/ory/hydra/v2", join("spec", "config.json"));

t.test("compose runs the Kratos version that the launcher builds, with the shared config", async (t) => {
  const goMod = readFileSync(join(root, "launchers", "kratos", "go.mod"), "utf8");
  const version = goMod.match(/^require github\.com\/ory\/kratos (v[\d.]+)$/m)?.[1];
  t.ok(version, "the launcher requires one Kratos version");
  for (const name of ["kratos", "kratos-migrate"]) {
    const service = compose.services[name]!;
    t.equal(service.image, `oryd/kratos:${version}`, `${name} uses oryd/kratos:${version}`);
    t.ok(service.volumes?.includes("./config/kratos:/etc/config/kratos:ro"), `${name} mounts config/kratos`);
    t.match(service.command, /-c \/etc\/config\/kratos\/kratos\.yml/);
  }
  t.match(compose.services["kratos-migrate"]!.command, /^migrate sql -e --yes/);
  const kratosYml = readFileSync(join(root, "config", "kratos", "kratos.yml"), "utf8");
  t.match(kratosYml, /url: file:\/\/\/etc\/config\/kratos\/identity\.schema\.json/, "the schema path inside the image");
});

t.test("every Kratos variable in compose names a key of Kratos' configuration", async (t) => {
  const known = kratosSchemaPaths();
  const environment = compose.services.kratos!.environment ?? {};
  t.ok(Object.keys(environment).length > 0);
  for (const variable of Object.keys(environment)) {
    t.ok(known.has(variable), `${variable} is a Kratos configuration key`);
  }
});

t.test("compose runs the Hydra version that the launcher builds, with the shared config and its own database", async (t) => {
  const goMod = readFileSync(join(root, "launchers", "hydra", "go.mod"), "utf8");
  // tidy lists it in a require block, beside ory/x (profilex, as in Hydra's own main).
  const version = goMod.match(/^\s*(?:require )?github\.com\/ory\/hydra\/v2 (v[\d.]+)$/m)?.[1];
  t.ok(version, "the launcher requires one Hydra version");
  for (const name of ["hydra", "hydra-migrate"]) {
    const service = compose.services[name]!;
    t.equal(service.image, `oryd/hydra:${version}`, `${name} uses oryd/hydra:${version}`);
    t.ok(service.volumes?.includes("./config/hydra:/etc/config/hydra:ro"), `${name} mounts config/hydra`);
    t.match(service.environment?.DSN, /@postgres:5432\/hydra\?/, `${name} uses the hydra database`);
  }
  t.match(compose.services.hydra!.command, /^serve all -c \/etc\/config\/hydra\/hydra\.yml/);
  t.match(compose.services["hydra-migrate"]!.command, /^migrate sql up -e --yes/);
  t.match(compose.services.kratos!.environment?.DSN, /@postgres:5432\/kratos\?/, "Kratos keeps its own database");
  const init = compose.services.postgres!.volumes?.find((volume) => volume.includes("docker-entrypoint-initdb.d"));
  t.ok(init, "PostgreSQL creates Hydra's database on first start");
  const script = readFileSync(join(root, init!.split(":")[0]!), "utf8");
  t.match(script, /CREATE DATABASE hydra;/);
  t.equal(compose.services.kratos!.environment?.OAUTH2_PROVIDER_URL, "http://hydra:4445", "Kratos finds Hydra's admin API");
});

t.test("every Hydra variable in compose names a key of Hydra's configuration", async (t) => {
  const known = hydraSchemaPaths();
  const environment = compose.services.hydra!.environment ?? {};
  t.ok(Object.keys(environment).length > 0);
  for (const variable of Object.keys(environment)) {
    t.ok(known.has(variable), `${variable} is a Hydra configuration key`);
  }
  t.notOk(known.has("NOT_A_KEY"), "an unknown name is not taken for a key");
});

t.test("the portal service is configured through variables the server reads", async (t) => {
  const portal = compose.services.portal!;
  t.equal(portal.build, ".");
  const environment = Object.fromEntries(
    Object.entries(portal.environment ?? {}).map(([key, value]) => [key, value.replace(/\$\{\w+:-(.*)\}/, "$1")]),
  );
  const config = readConfig(environment);
  t.equal(config.kratosPublicUrl, "http://kratos:4433");
  t.equal(config.hydraAdminUrl, "http://hydra:4445");
  t.equal(config.origin, "http://localhost:3000");
  const source = readFileSync(join(root, "server", "src", "config.ts"), "utf8");
  for (const variable of Object.keys(environment)) {
    t.match(source, new RegExp(`"${variable}"`), `${variable} is read by the server`);
  }
});
