// The Helm chart (deploy/helm/account-portal), checked without a cluster:
// Helm, built from its Go module, lints and renders it with its default
// values and with a production shape (its ci/production-values.yaml); every
// manifest must be one that Kubernetes would take (kubernetes-schemas.ts);
// and the rendered objects keep the promises the README makes to operators.
import { execFile } from "node:child_process";
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import t from "tap";
import { parse, parseAllDocuments, stringify } from "yaml";
import { buildLauncher, helmLauncher } from "../go-build.js";
import { rootDir } from "../settings.js";
import { kubernetesValidator, kubernetesVersion, type Manifest } from "./kubernetes-schemas.js";

const chartDir = join(rootDir, "deploy", "helm", "account-portal");
const productionValues = join(chartDir, "ci", "production-values.yaml");
const origin = ["--set", "config.portalOrigin=https://account.example.org"];
const redisPassword = "correct-horse-battery-staple";

const helm = await buildLauncher(helmLauncher, (line) => {
  t.comment(line);
});
const validator = await kubernetesValidator();

async function runHelm(args: string[]): Promise<string> {
  const { stdout } = await promisify(execFile)(helm, args, { cwd: rootDir, maxBuffer: 16 * 1024 * 1024 });
  return stdout;
}

interface Resource extends Manifest {
  kind: string;
  metadata: { name: string; annotations?: Record<string, string>; labels?: Record<string, string> };
  spec?: Record<string, unknown>;
  data?: Record<string, string>;
  stringData?: Record<string, string>;
}

/** `helm template` as `helm install` would render it, for the Kubernetes version the schemas are of. */
async function render(args: string[]): Promise<Resource[]> {
  const text = await runHelm(["template", "portal", chartDir, "--namespace", "identity", "--kube-version", kubernetesVersion, ...args]);
  return parseAllDocuments(text)
    .map((document) => document.toJS() as Resource | null)
    .filter((resource): resource is Resource => resource !== null);
}

const one = (resources: Resource[], kind: string, name?: string): Resource => {
  const found = resources.filter((resource) => resource.kind === kind && (name === undefined || resource.metadata.name === name));
  if (found.length !== 1) throw new Error(`expected one ${kind}${name ? ` ${name}` : ""}, found ${found.length}`);
  return found[0];
};

interface Container {
  name: string;
  securityContext: Record<string, unknown>;
  ports: { name: string; containerPort: number }[];
  livenessProbe: { httpGet: { path: string; port: string } };
  readinessProbe: { httpGet: { path: string; port: string } };
  startupProbe: { httpGet: { path: string; port: string } };
  envFrom: { configMapRef?: { name: string }; secretRef?: { name: string } }[];
}

interface PodSpec {
  automountServiceAccountToken: boolean;
  securityContext: Record<string, unknown>;
  containers: Container[];
}

const podOf = (resources: Resource[]) => {
  const deployment = one(resources, "Deployment");
  const template = (deployment.spec as { template: { metadata: { annotations: Record<string, string> }; spec: PodSpec } }).template;
  return { annotations: template.metadata.annotations, spec: template.spec, container: template.spec.containers[0] };
};

const defaults = await render(origin);
const production = await render(["--values", productionValues]);

t.test("helm lint passes with the default values and the production values", async (t) => {
  t.match(await runHelm(["lint", "--strict", chartDir, ...origin]), /1 chart\(s\) linted, 0 chart\(s\) failed/);
  t.match(await runHelm(["lint", "--strict", chartDir, "--values", productionValues]), /0 chart\(s\) failed/);
});

t.test("without the portal's origin the chart refuses to render, and says which value", async (t) => {
  await t.rejects(render([]), /config\.portalOrigin is required/);
});

t.test(`every manifest is one Kubernetes ${kubernetesVersion} takes, strictly`, async (t) => {
  for (const [values, resources] of [
    ["default", defaults],
    ["production", production],
  ] as const) {
    t.ok(resources.length > 0);
    for (const resource of resources) {
      t.same(validator.problems(resource), [], `${values} values: ${resource.kind} ${resource.metadata.name}`);
    }
  }
  t.same(
    production.map((resource) => resource.kind).sort(),
    [
      "ConfigMap",
      "Deployment",
      "HorizontalPodAutoscaler",
      "Ingress",
      "NetworkPolicy",
      "PodDisruptionBudget",
      "Secret",
      "Service",
      "Service",
      "ServiceAccount",
      "ServiceMonitor",
    ],
    "the production values render every object of the chart",
  );
});

t.test("the validation catches what the API server would refuse", async (t) => {
  const deployment = structuredClone(one(defaults, "Deployment"));
  const container = (deployment.spec as { template: { spec: PodSpec } }).template.spec.containers[0] as unknown as Record<string, unknown>;
  container.readinesProbe = container.readinessProbe;
  t.match(validator.problems(deployment), [/must NOT have additional properties: readinesProbe/], "a misspelt field");
  t.match(
    validator.problems({ apiVersion: "extensions/v1beta1", kind: "Ingress", metadata: { name: "old" } }),
    [/no schema/],
    "a removed API",
  );
});

t.test("the portal runs as non-root on a read-only root filesystem, without privileges or an API token", async (t) => {
  for (const resources of [defaults, production]) {
    const { spec, container } = podOf(resources);
    t.match(spec.securityContext, { runAsNonRoot: true, runAsUser: Number, seccompProfile: { type: "RuntimeDefault" } });
    t.not(spec.securityContext.runAsUser, 0);
    t.match(container.securityContext, {
      readOnlyRootFilesystem: true,
      allowPrivilegeEscalation: false,
      privileged: false,
      capabilities: { drop: ["ALL"] },
    });
    t.equal(spec.automountServiceAccountToken, false);
  }
});

t.test("probes: alive on /healthz, ready on /readyz (Kratos answers), both on the public port", async (t) => {
  const { container } = podOf(defaults);
  t.same(container.livenessProbe.httpGet, { path: "/healthz", port: "http" });
  t.same(container.startupProbe.httpGet, { path: "/healthz", port: "http" });
  t.same(container.readinessProbe.httpGet, { path: "/readyz", port: "http" });
  t.same(
    container.ports.find((port) => port.name === "http"),
    { name: "http", containerPort: 3000, protocol: "TCP" },
  );
});

interface PolicyRule {
  to?: { podSelector?: { matchLabels: Record<string, string> }; namespaceSelector?: unknown; ipBlock?: { cidr: string } }[];
  from?: unknown[];
  ports: { port: number | string; protocol: string }[];
}

t.test(
  "the NetworkPolicy lets the portal reach DNS, Kratos' APIs, Hydra's admin API, Redis and its SMTP server, and nothing else",
  async (t) => {
    const reached = (resources: Resource[]) => {
      const spec = one(resources, "NetworkPolicy").spec as { policyTypes: string[]; egress: PolicyRule[]; podSelector: unknown };
      t.same(spec.policyTypes, ["Ingress", "Egress"], "both directions are closed but for the rules");
      t.same(spec.podSelector, { matchLabels: { "app.kubernetes.io/name": "account-portal", "app.kubernetes.io/instance": "portal" } });
      for (const rule of spec.egress) {
        t.ok(rule.to && rule.to.length > 0, "every rule names whom it lets the portal reach");
        // The SMTP server is outside the cluster: the one rule by address range.
        if (rule.to?.[0]?.ipBlock !== undefined) continue;
        t.notOk(
          rule.to?.some((peer) => peer.ipBlock !== undefined || peer.podSelector === undefined),
          "pods by their labels, never an address range",
        );
      }
      return spec.egress.map((rule) => ({
        app:
          rule.to?.[0]?.podSelector?.matchLabels["app.kubernetes.io/name"] ??
          rule.to?.[0]?.podSelector?.matchLabels["k8s-app"] ??
          `smtp ${rule.to?.[0]?.ipBlock?.cidr ?? ""}`,
        ports: rule.ports.map(({ port, protocol }) => `${String(port)}/${protocol}`),
      }));
    };
    t.same(reached(production), [
      { app: "kube-dns", ports: ["53/UDP", "53/TCP"] },
      { app: "kratos", ports: ["4433/TCP"] },
      { app: "kratos", ports: ["4434/TCP"] },
      { app: "hydra", ports: ["4445/TCP"] },
      { app: "smtp 192.0.2.25/32", ports: ["465/TCP"] },
      { app: "redis", ports: ["6379/TCP"] },
    ]);
    t.same(
      reached(defaults).map(({ app }) => app),
      ["kube-dns", "kratos", "kratos", "hydra"],
      "without a Redis or an SMTP server, no way to either",
    );

    const ingress = (one(production, "NetworkPolicy").spec as { ingress: PolicyRule[] }).ingress;
    t.same(
      ingress.map((rule) => rule.ports.map(({ port }) => port)),
      [["http"], ["metrics"]],
      "reached on the HTTP port and the metrics port only",
    );
    t.same(
      ingress[1].from,
      [{ namespaceSelector: { matchLabels: { "kubernetes.io/metadata.name": "monitoring" } } }],
      "metrics: the monitoring namespace",
    );
  },
);

t.test("no secret value is in a ConfigMap: the Redis URL (with its password) is in the Secret", async (t) => {
  const configMap = one(production, "ConfigMap");
  for (const [key, value] of Object.entries(configMap.data ?? {})) {
    t.notOk(value.includes(redisPassword), `${key} does not carry the password`);
    t.notMatch(key, /REDIS|SECRET|PASSWORD|TOKEN|DSN/, `${key} is not a secret's variable`);
  }
  const secret = one(production, "Secret");
  t.equal(secret.stringData?.RATE_LIMIT_REDIS_URL, `redis://:${redisPassword}@identity-redis:6379/0`);
  t.equal(secret.metadata.annotations?.["helm.sh/resource-policy"], "keep", "kept through helm uninstall");
  t.match(secret.stringData?.DEVICE_COOKIE_SECRET, /^[A-Za-z0-9]{64}$/, "a device cookie key is generated when none is given");
  const given = "k".repeat(40);
  const withKey = one(await render([...origin, "--set", `secret.values.deviceCookieSecret=${given}`]), "Secret");
  t.equal(withKey.stringData?.DEVICE_COOKIE_SECRET, given, "the given device cookie key is used");
  await t.rejects(render([...origin, "--set", "secret.values.deviceCookieSecret=short"]), /at least 32 characters/);
  t.same(podOf(production).container.envFrom, [
    { configMapRef: { name: "portal-account-portal" } },
    { secretRef: { name: "portal-account-portal" } },
  ]);

  const own = await render([...origin, "--set", "secret.existingSecret=identity-portal-env"]);
  t.notOk(
    own.some((resource) => resource.kind === "Secret"),
    "with an existing Secret the chart makes none",
  );
  t.same(podOf(own).container.envFrom[1], { secretRef: { name: "identity-portal-env" } });
});

t.test("the ConfigMap sets only variables that the portal reads", async (t) => {
  const source = readFileSync(join(rootDir, "server", "src", "config.ts"), "utf8");
  const known = new Set([...source.matchAll(/(?:env\.|")([A-Z][A-Z0-9_]+)\b/g)].map((match) => match[1]));
  const keys = Object.keys(one(production, "ConfigMap").data ?? {});
  t.ok(keys.includes("LIMIT_SIGN_IN_IP") && keys.includes("METRICS_PORT"));
  t.same(
    keys.filter((key) => !known.has(key)),
    [],
    "every key is a variable of server/src/config.ts",
  );
});

t.test("a change of configuration rolls the portals (the checksum annotation)", async (t) => {
  const before = podOf(defaults).annotations["checksum/config"];
  const after = podOf(await render([...origin, "--set", "config.limits.apiIp=10/1m"])).annotations["checksum/config"];
  t.match(before, /^[0-9a-f]{64}$/);
  t.not(after, before);
  t.not(
    podOf(await render([...origin, "--set", "secret.values.redisUrl=redis://other:6379"])).annotations["checksum/secret"],
    podOf(defaults).annotations["checksum/secret"],
  );
});

t.test("metrics: a Service of their own, never the public one; the ServiceMonitor only when asked", async (t) => {
  const publicService = one(production, "Service", "portal-account-portal");
  t.same(
    (publicService.spec as { ports: { name: string }[] }).ports.map((port) => port.name),
    ["http"],
  );
  const metrics = one(production, "Service", "portal-account-portal-metrics");
  t.same(
    (metrics.spec as { ports: { name: string; port: number }[] }).ports.map(({ name, port }) => [name, port]),
    [["metrics", 9464]],
  );
  const monitor = one(production, "ServiceMonitor");
  t.match(monitor.spec, {
    selector: { matchLabels: { "app.kubernetes.io/component": "metrics" } },
    endpoints: [{ port: "metrics", path: "/metrics" }],
  });
  t.equal(monitor.metadata.labels?.release, "kube-prometheus-stack");
  t.notOk(
    defaults.some((resource) => resource.kind === "ServiceMonitor"),
    "off by default",
  );
  t.match(one(production, "ConfigMap").data, { METRICS_PORT: "9464", METRICS_HOST: "0.0.0.0" });
  const rules = (one(production, "Ingress").spec as { rules: { http: { paths: { backend: unknown }[] } }[] }).rules;
  t.same(
    rules[0].http.paths[0].backend,
    { service: { name: "portal-account-portal", port: { name: "http" } } },
    "the ingress reaches the public port",
  );
});

const withOryDir = join(rootDir, "deploy", "helm", "with-ory");
const siteValues = join(withOryDir, "site.example.yaml");

type Tree = Record<string, unknown>;
const isTree = (value: unknown): value is Tree => typeof value === "object" && value !== null && !Array.isArray(value);

/** Helm's merge of values files: maps merge key by key, anything else is replaced. */
function merged(base: Tree, over: Tree): Tree {
  const result: Tree = { ...base };
  for (const [key, value] of Object.entries(over)) {
    const below = result[key];
    result[key] = isTree(below) && isTree(value) ? merged(below, value) : value;
  }
  return result;
}

/** The tree without the dotted paths, which differ per deployment. */
function without(tree: Tree, paths: string[]): Tree {
  const copy = structuredClone(tree);
  for (const path of paths) {
    const keys = path.split(".");
    const last = keys.pop() ?? "";
    let node: unknown = copy;
    for (const key of keys) node = isTree(node) ? node[key] : undefined;
    if (isTree(node)) Reflect.deleteProperty(node, last);
  }
  return copy;
}

/** Every string of the tree with the local stack's origin and host replaced by the site's. */
function atSite(tree: Tree, site: URL): Tree {
  return JSON.parse(
    JSON.stringify(tree, (_key, value: unknown) =>
      typeof value === "string" ? value.replaceAll("http://localhost:3000", site.origin).replace(/^localhost$/, site.hostname) : value,
    ),
  ) as Tree;
}

const readYaml = (path: string) => parse(readFileSync(path, "utf8")) as Tree;

t.test("with-ory: Kratos and Hydra are configured as config/ configures them for npm start, npm test and compose", async (t) => {
  const umbrella = merged(readYaml(join(withOryDir, "values.yaml")), readYaml(siteValues));
  const kratosValues = umbrella.kratos as { kratos: { config: Tree; identitySchemas: Record<string, string> } };
  const hydraValues = umbrella.hydra as { hydra: { config: Tree } };
  const site = new URL((umbrella["account-portal"] as { config: { portalOrigin: string } }).config.portalOrigin);

  // What compose also sets per deployment: where each service listens and is reached, its database, secrets, SMTP server, logs.
  const kratosPerDeployment = [
    "version",
    "serve",
    "dsn",
    "secrets",
    "oauth2_provider",
    "log",
    "identity.schemas",
    "courier.smtp.connection_uri",
    "courier.smtp.from_address",
    // Where the courier's mail templates are (config/kratos/courier-templates): a path of the deployment's files.
    // The with-ory chart does not mount them yet, so its Kratos sends its own English code mails.
    "courier.template_override_path",
  ];
  t.same(
    without(kratosValues.kratos.config, kratosPerDeployment),
    without(atSite(readYaml(join(rootDir, "config", "kratos", "kratos.yml")), site), kratosPerDeployment),
    "Kratos' settings",
  );
  t.same(
    JSON.parse(kratosValues.kratos.identitySchemas["identity.schema.json"] ?? "null"),
    JSON.parse(readFileSync(join(rootDir, "config", "kratos", "identity.schema.json"), "utf8")),
    "the identity schema",
  );
  t.match(kratosValues.kratos.config, { serve: { public: { base_url: `${site.origin}/kratos/` } }, oauth2_provider: { url: String } });

  const hydraPerDeployment = ["serve", "dsn", "secrets", "log", "urls.self", "urls.identity_provider"];
  t.same(
    without(hydraValues.hydra.config, hydraPerDeployment),
    without(atSite(readYaml(join(rootDir, "config", "hydra", "hydra.yml")), site), hydraPerDeployment),
    "Hydra's settings",
  );
});

t.test("with-ory: the portal and Redis render from the site's values and validate", async (t) => {
  // Ory's charts come from their repository, which `helm dependency build` fetches (not reachable here):
  // the umbrella is rendered with the portal's chart alone, packaged from its folder as Helm does.
  const copy = mkdtempSync(join(tmpdir(), "with-ory-"));
  t.teardown(() => {
    rmSync(copy, { recursive: true, force: true });
  });
  cpSync(withOryDir, copy, { recursive: true });
  const chart = readYaml(join(copy, "Chart.yaml")) as Tree & { dependencies: { name: string; repository: string; version: string }[] };
  t.same(
    chart.dependencies.map(({ name, version }) => `${name} ${version}`),
    ["kratos 0.59.0", "hydra 0.59.0", "account-portal 0.1.0"],
    "Ory's charts of Kratos v1.3.1 and Hydra v2.3.0",
  );
  chart.dependencies = chart.dependencies
    .filter(({ name }) => name === "account-portal")
    .map((dependency) => ({ ...dependency, repository: `file://${chartDir}` }));
  writeFileSync(join(copy, "Chart.yaml"), stringify(chart));
  await runHelm(["dependency", "build", copy]);

  const text = await runHelm([
    "template",
    "portal",
    copy,
    "--namespace",
    "identity",
    "--kube-version",
    kubernetesVersion,
    "-f",
    siteValues,
  ]);
  const resources = parseAllDocuments(text)
    .map((document) => document.toJS() as Resource | null)
    .filter((resource): resource is Resource => resource !== null);
  for (const resource of resources) t.same(validator.problems(resource), [], `${resource.kind} ${resource.metadata.name}`);

  const config = one(resources, "ConfigMap").data ?? {};
  t.match(config, {
    PORTAL_ORIGIN: "https://account.example.org",
    KRATOS_PUBLIC_URL: "http://portal-kratos-public",
    HYDRA_ADMIN_URL: "http://portal-hydra-admin:4445",
  });
  t.equal(one(resources, "Secret").stringData?.RATE_LIMIT_REDIS_URL, "redis://portal-redis:6379", "the Redis of the release");
  const redisService = one(resources, "Service", "portal-redis");
  t.same(
    (redisService.spec as { ports: { port: number }[] }).ports.map(({ port }) => port),
    [6379],
  );
  const redisPolicy = one(resources, "NetworkPolicy", "portal-redis").spec as { ingress: { from: unknown[] }[] };
  t.same(
    redisPolicy.ingress[0].from,
    [{ podSelector: { matchLabels: { "app.kubernetes.io/name": "account-portal", "app.kubernetes.io/instance": "portal" } } }],
    "only the portals reach Redis",
  );
  const redisPod = (one(resources, "Deployment", "portal-redis").spec as { template: { spec: PodSpec } }).template.spec;
  t.match(redisPod.securityContext, { runAsNonRoot: true });
  t.match(redisPod.containers[0].securityContext, { readOnlyRootFilesystem: true, allowPrivilegeEscalation: false });
});
