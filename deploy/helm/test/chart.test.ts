// The Helm charts, checked without a cluster: Helm, built from its Go module,
// lints and renders the portal's (deploy/helm/account-portal) with its
// default values and with a production shape (its ci/production-values.yaml),
// and the with-ory umbrella with Ory's own charts (vendored, built offline)
// and site.example.yaml; every manifest must be one that Kubernetes would take
// (kubernetes-schemas.ts); the rendered objects keep the promises docs/kubernetes.md
// makes to operators; and Kratos, run as the umbrella configures it, calls the
// portal's hook, mails from the portal's templates and offers the site's
// sign-in providers.
import { execFile, execFileSync } from "node:child_process";
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { promisify } from "node:util";
import t from "tap";
import { parse, parseAllDocuments, stringify } from "yaml";
import { buildLauncher, helmLauncher, kratosLauncher } from "../../../stack/go-build.js";
import { hookSecretHeader } from "#contract/schemas/kratos-hooks.js";
import { providerIdPattern } from "#contract/providers.js";
import { rootDir } from "../../../stack/settings.js";
import { freePort, Supervisor } from "../../../stack/supervisor.js";
import { helmValues } from "../../../stack/courier-templates.js";
import { kratosFiles, oidcMapperFile, templateFiles, umbrellaValues, withKratosFiles } from "../../../stack/kratos-files.js";
import { exampleSsoId, exampleSsoLabel } from "../../../stack/example-sso.js";
import { knownOrigins, providerOrigins, type OidcProvider } from "../../../stack/oidc-providers.js";
import { createIdentity } from "../../../testing/identities.js";
import { kubernetesValidator, kubernetesVersion, type Manifest } from "./kubernetes-schemas.js";

const chartDir = join(rootDir, "deploy", "helm", "account-portal");
const productionValues = join(chartDir, "ci", "production-values.yaml");
const image = ["--set", "image.repository=registry.example.org/account-portal"];
/** The values the chart cannot do without: the portal's origin and its image. */
const required = ["--set", "config.portalOrigin=https://account.example.org", ...image];
const redisPassword = "correct-horse-battery-staple";
const productionHookSecret = "a-hook-secret-of-at-least-32-characters";

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
  image?: string;
  env?: { name: string; value?: string; valueFrom?: { secretKeyRef?: { name: string; key: string } } }[];
  securityContext: Record<string, unknown>;
  ports: { name: string; containerPort: number }[];
  livenessProbe: { httpGet: { path: string; port: string } };
  readinessProbe: { httpGet: { path: string; port: string } };
  startupProbe: { httpGet: { path: string; port: string } };
  envFrom?: { configMapRef?: { name: string }; secretRef?: { name: string } }[];
  volumeMounts?: { name: string; mountPath: string; readOnly?: boolean }[];
}

interface PodSpec {
  automountServiceAccountToken: boolean;
  securityContext: Record<string, unknown>;
  containers: Container[];
  volumes?: { name: string; configMap?: { name: string }; secret?: { secretName: string } }[];
}

const podOf = (resources: Resource[]) => {
  const deployment = one(resources, "Deployment");
  const template = (deployment.spec as { template: { metadata: { annotations: Record<string, string> }; spec: PodSpec } }).template;
  return { annotations: template.metadata.annotations, spec: template.spec, container: template.spec.containers[0] };
};

const defaults = await render(required);
const production = await render(["--values", productionValues]);

t.test("helm lint passes with the default values and the production values", async (t) => {
  t.match(await runHelm(["lint", "--strict", chartDir, ...required]), /1 chart\(s\) linted, 0 chart\(s\) failed/);
  t.match(await runHelm(["lint", "--strict", chartDir, "--values", productionValues]), /0 chart\(s\) failed/);
});

t.test("without the portal's origin or its image the chart refuses to render, and says which value", async (t) => {
  await t.rejects(render(image), /config\.portalOrigin is required/);
  await t.rejects(
    render(["--set", "config.portalOrigin=https://account.example.org"]),
    /image\.repository is required: the portal's image is not published, build it .*docker build -t registry\.example\.org\/account-portal:0\.1\.0 \./,
    "no image that a cluster could pull by default",
  );
  t.equal(
    podOf(defaults).container.image,
    "registry.example.org/account-portal:0.1.0",
    "the repository given, the chart's appVersion as the tag",
  );
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

interface PolicyPeer {
  podSelector?: { matchLabels: Record<string, string> };
  namespaceSelector?: { matchLabels?: Record<string, string> };
  ipBlock?: { cidr: string };
}

interface PolicyRule {
  to?: PolicyPeer[];
  from?: PolicyPeer[];
  ports: { port: number | string; protocol: string }[];
}

const policyOf = (resources: Resource[], name = "portal-account-portal") =>
  one(resources, "NetworkPolicy", name).spec as {
    policyTypes: string[];
    ingress: PolicyRule[];
    egress: PolicyRule[];
    podSelector: unknown;
  };

t.test(
  "the NetworkPolicy lets the portal reach DNS, Kratos' APIs, Hydra's admin API, Redis and its SMTP server, each in its own namespace, and nothing else",
  async (t) => {
    const reached = (resources: Resource[]) => {
      const spec = policyOf(resources);
      t.same(spec.policyTypes, ["Ingress", "Egress"], "both directions are closed but for the rules");
      t.same(spec.podSelector, { matchLabels: { "app.kubernetes.io/name": "account-portal", "app.kubernetes.io/instance": "portal" } });
      for (const rule of spec.egress) {
        t.ok(rule.to && rule.to.length > 0, "every rule names whom it lets the portal reach");
        // The SMTP server is outside the cluster: the one rule by address range.
        if (rule.to?.[0]?.ipBlock !== undefined) continue;
        for (const peer of rule.to ?? []) {
          t.ok(peer.podSelector !== undefined && peer.ipBlock === undefined, "pods by their labels, never an address range");
          t.same(Object.keys(peer.namespaceSelector?.matchLabels ?? {}), ["kubernetes.io/metadata.name"], "in one namespace, by its name");
        }
      }
      return spec.egress.map((rule) => {
        const peer = rule.to?.[0];
        return {
          app:
            peer?.podSelector?.matchLabels["app.kubernetes.io/name"] ??
            peer?.podSelector?.matchLabels["k8s-app"] ??
            `smtp ${peer?.ipBlock?.cidr ?? ""}`,
          namespace: peer?.namespaceSelector?.matchLabels?.["kubernetes.io/metadata.name"],
          ports: rule.ports.map(({ port, protocol }) => `${String(port)}/${protocol}`),
        };
      });
    };
    t.same(reached(production), [
      { app: "kube-dns", namespace: "kube-system", ports: ["53/UDP", "53/TCP"] },
      { app: "kratos", namespace: "identity", ports: ["4433/TCP"] },
      { app: "kratos", namespace: "identity", ports: ["4434/TCP"] },
      { app: "hydra", namespace: "identity", ports: ["4445/TCP"] },
      { app: "smtp 192.0.2.25/32", namespace: undefined, ports: ["465/TCP"] },
      { app: "opentelemetry-collector", namespace: "observability", ports: ["4318/TCP"] },
      { app: "redis", namespace: "identity", ports: ["6379/TCP"] },
    ]);
    t.same(
      reached(defaults).map(({ app }) => app),
      ["kube-dns", "kratos", "kratos", "hydra"],
      "without a Redis or an SMTP server, no way to either",
    );
    const elsewhere = await render([...required, "--set", "networkPolicy.hydraAdmin.namespace=oauth2"]);
    t.equal(reached(elsewhere)[3].namespace, "oauth2", "a peer in another namespace is named");

    const ingress = policyOf(production).ingress;
    t.same(
      ingress.map((rule) => rule.ports.map(({ port }) => port)),
      [["http"], ["internal"], ["metrics"]],
      "reached on the HTTP port, the internal port and the metrics port only",
    );
    t.same(
      ingress[1].from,
      [
        {
          podSelector: { matchLabels: { "app.kubernetes.io/name": "kratos" } },
          namespaceSelector: { matchLabels: { "kubernetes.io/metadata.name": "identity" } },
        },
      ],
      "the internal port: Kratos' pods of the release's namespace, and nothing else",
    );
    t.same(
      ingress[2].from,
      [{ namespaceSelector: { matchLabels: { "kubernetes.io/metadata.name": "monitoring" } } }],
      "metrics: the monitoring namespace",
    );
  },
);

t.test("the SMTP egress is on the SMTP URI's port, and the chart refuses a port that disagrees with it", async (t) => {
  const smtpPorts = async (args: string[]) =>
    policyOf(await render([...required, "--set", "networkPolicy.smtp.cidr=192.0.2.25/32", ...args])).egress.flatMap((rule) =>
      rule.to?.[0]?.ipBlock ? rule.ports.map(({ port }) => port) : [],
    );
  const uri = (value: string) => ["--set", `secret.values.smtpUri=${value}`];
  t.same(await smtpPorts(uri("smtps://mailer:pw@smtp.example.org:465/")), [465], "the URI's port");
  t.same(await smtpPorts(uri("smtp://mailer:pw@smtp.example.org:2525/")), [2525]);
  t.same(await smtpPorts(uri("smtps://mailer:pw@smtp.example.org/")), [465], "smtps:// without a port: 465, as the portal's mailer");
  t.same(await smtpPorts(uri("smtp://mailer:pw@smtp.example.org/")), [587], "smtp:// without a port: 587");
  t.same(await smtpPorts([...uri("smtps://mailer:pw@smtp.example.org:465/"), "--set", "networkPolicy.smtp.port=465"]), [465]);
  await t.rejects(
    smtpPorts([...uri("smtps://mailer:pw@smtp.example.org:465/"), "--set", "networkPolicy.smtp.port=587"]),
    /networkPolicy\.smtp\.port 587 is not the port of secret\.values\.smtpUri \(465\)/,
  );
  const own = ["--set", "secret.existingSecret=mine", "--set", "secret.existingSecretKeys={SMTP_URI}"];
  await t.rejects(smtpPorts(own), /networkPolicy\.smtp\.port is required with secret\.existingSecret/);
  t.same(await smtpPorts([...own, "--set", "networkPolicy.smtp.port=2525"]), [2525], "with a Secret of yours, the port you give");
});

t.test("traces: the NetworkPolicy lets the portal reach the collector of its OTLP endpoint, on the endpoint's port", async (t) => {
  const collector = async (args: string[]) => {
    const resources = await render([...required, ...args]);
    const rules = policyOf(resources).egress.filter((rule) => {
      const peer = rule.to?.[0];
      return peer?.ipBlock !== undefined || peer?.podSelector?.matchLabels["app.kubernetes.io/name"] === "opentelemetry-collector";
    });
    return { rules, env: one(resources, "ConfigMap").data?.OTEL_EXPORTER_OTLP_ENDPOINT };
  };
  t.same(await collector([]), { rules: [], env: undefined }, "no endpoint, no way out for traces");

  const inCluster = await collector(["--set", "config.otlpEndpoint=http://otel-collector.observability:4318"]);
  t.equal(inCluster.env, "http://otel-collector.observability:4318", "the portal's variable");
  t.same(inCluster.rules, [
    {
      to: [
        {
          podSelector: { matchLabels: { "app.kubernetes.io/name": "opentelemetry-collector" } },
          namespaceSelector: { matchLabels: { "kubernetes.io/metadata.name": "identity" } },
        },
      ],
      ports: [{ port: 4318, protocol: "TCP" }],
    },
  ]);

  const outside = await collector([
    "--set",
    "config.otlpEndpoint=https://otlp.example.org",
    "--set",
    "networkPolicy.otlp.cidr=198.51.100.7/32",
  ]);
  t.same(outside.rules, [{ to: [{ ipBlock: { cidr: "198.51.100.7/32" } }], ports: [{ port: 443, protocol: "TCP" }] }], "https: 443");

  const extraEnv = [
    "--set",
    "config.extraEnv[0].name=OTEL_EXPORTER_OTLP_ENDPOINT",
    "--set",
    "config.extraEnv[0].value=http://collector:4318",
  ];
  t.match((await collector(extraEnv)).rules, [{ ports: [{ port: 4318 }] }], "an endpoint in extraEnv, as tracing.md said before");
  t.match(
    (await collector([...extraEnv, "--set", "networkPolicy.otlp.port=14318"])).rules,
    [{ ports: [{ port: 14318 }] }],
    "the pods' port, when it is not the Service's",
  );
  await t.rejects(
    collector([...extraEnv, "--set", "config.otlpEndpoint=http://other:4318"]),
    /config\.otlpEndpoint and an OTEL_EXPORTER_OTLP_ENDPOINT in config\.extraEnv name different collectors/,
  );
  await t.rejects(collector(["--set", "config.otlpEndpoint=grpc://collector:4317"]), /must be an http:\/\/ or https:\/\/ URL/);
});

t.test("Kratos' web hooks: an internal port of its own, behind a Service that no Ingress names", async (t) => {
  for (const resources of [defaults, production]) {
    const { container } = podOf(resources);
    t.same(
      container.ports.find((port) => port.name === "internal"),
      { name: "internal", containerPort: 8081, protocol: "TCP" },
    );
    t.same(container.env, [
      { name: "INTERNAL_PORT", value: "8081" },
      ...(resources === production ? [{ name: "NODE_OPTIONS", value: "--max-old-space-size=384" }] : []),
    ]);
    const internal = one(resources, "Service", "portal-account-portal-internal").spec as { type: string; ports: unknown[] };
    t.same(internal.type, "ClusterIP");
    t.same(internal.ports, [{ name: "internal", port: 8081, targetPort: "internal", protocol: "TCP" }]);
  }
  const backends = JSON.stringify(one(production, "Ingress").spec);
  t.notMatch(backends, /internal/, "the Ingress reaches the public Service only");
  const moved = await render([...required, "--set", "internal.port=9001"]);
  t.same(podOf(moved).container.env, [{ name: "INTERNAL_PORT", value: "9001" }]);
  t.match(one(moved, "Service", "portal-account-portal-internal").spec, { ports: [{ port: 9001 }] });
});

t.test("the chart refuses what would lose mail or open the network, and says what to set", async (t) => {
  await t.rejects(render([...required, "--set", "replicaCount=2"]), /needs a shared state store: set secret\.values\.stateRedisUrl/);
  await t.rejects(
    render([...required, "--set", "autoscaling.enabled=true", "--set", "autoscaling.minReplicas=1", "--set", "autoscaling.maxReplicas=4"]),
    /needs a shared state store/,
    "autoscaling above one too",
  );
  const shared = await render([...required, "--set", "replicaCount=3", "--set", "secret.values.stateRedisUrl=redis://state:6379"]);
  t.equal((one(shared, "Deployment").spec as { replicas: number }).replicas, 3, "with a shared store, any number");
  t.notOk(JSON.stringify(one(shared, "Deployment")).includes("/var/lib/account-portal"), "and no state folder in the pod");
  t.equal(one(shared, "PodDisruptionBudget").spec?.minAvailable, 1);
  t.notOk(
    defaults.some((resource) => resource.kind === "PodDisruptionBudget"),
    "one portal: no PodDisruptionBudget, which would block every drain",
  );
  const own = ["--set", "secret.existingSecret=mine"];
  await t.rejects(render([...required, ...own, "--set", "replicaCount=2"]), /list PORTAL_REDIS_URL in secret\.existingSecretKeys/);
  await render([...required, ...own, "--set", "replicaCount=2", "--set", "secret.existingSecretKeys={PORTAL_REDIS_URL}"]);

  await t.rejects(
    render([...required, "--set", "secret.values.smtpUri=smtps://mailer:pw@smtp.example.org:465/"]),
    /networkPolicy\.smtp\.cidr is required/,
    "no SMTP egress to the whole internet by default",
  );
  await t.rejects(render([...required, "--set", "secret.values.hookSecret=short"]), /hookSecret must be 32 or more characters/);
});

t.test("no secret value is in a ConfigMap: the Redis URL (with its password) and the hook secret are in the Secret", async (t) => {
  const configMap = one(production, "ConfigMap");
  for (const [key, value] of Object.entries(configMap.data ?? {})) {
    t.notOk(value.includes(redisPassword), `${key} does not carry the password`);
    t.notOk(value.includes(productionHookSecret), `${key} does not carry the hook secret`);
    t.notMatch(key, /REDIS|SECRET|PASSWORD|TOKEN|DSN/, `${key} is not a secret's variable`);
  }
  const secret = one(production, "Secret");
  t.equal(secret.stringData?.KRATOS_HOOK_SECRET, productionHookSecret);
  t.equal(secret.stringData?.RATE_LIMIT_REDIS_URL, `redis://:${redisPassword}@identity-redis:6379/0`);
  t.equal(secret.metadata.annotations?.["helm.sh/resource-policy"], "keep", "kept through helm uninstall");
  t.match(secret.stringData?.DEVICE_COOKIE_SECRET, /^[A-Za-z0-9]{64}$/, "a device cookie key is generated when none is given");
  const given = "k".repeat(40);
  const withKey = one(await render([...required, "--set", `secret.values.deviceCookieSecret=${given}`]), "Secret");
  t.equal(withKey.stringData?.DEVICE_COOKIE_SECRET, given, "the given device cookie key is used");
  await t.rejects(render([...required, "--set", "secret.values.deviceCookieSecret=short"]), /at least 32 characters/);
  t.match(secret.stringData?.ALTCHA_HMAC_KEY, /^[A-Za-z0-9]{64}$/, "a proof-of-work key is generated when none is given");
  const withAltcha = one(await render([...required, "--set", `secret.values.altchaHmacKey=${given}`]), "Secret");
  t.equal(withAltcha.stringData?.ALTCHA_HMAC_KEY, given, "the given proof-of-work key is used");
  await t.rejects(render([...required, "--set", "secret.values.altchaHmacKey=short"]), /altchaHmacKey must be at least 32 characters/);
  t.same(podOf(production).container.envFrom, [
    { configMapRef: { name: "portal-account-portal" } },
    { secretRef: { name: "portal-account-portal" } },
  ]);

  const own = await render([...required, "--set", "secret.existingSecret=identity-portal-env"]);
  t.notOk(
    own.some((resource) => resource.kind === "Secret"),
    "with an existing Secret the chart makes none",
  );
  t.same(podOf(own).container.envFrom?.[1], { secretRef: { name: "identity-portal-env" } });
});

t.test("the ConfigMap sets only variables that the portal reads", async (t) => {
  const source = ["config.ts", "branding/read-branding.ts", "branding/stylesheet.ts"]
    .map((file) => readFileSync(join(rootDir, "server", "src", file), "utf8"))
    .join("\n");
  const known = new Set([...source.matchAll(/(?:env\.|")([A-Z][A-Z0-9_]+)\b/g)].map((match) => match[1]));
  const keys = Object.keys(one(production, "ConfigMap").data ?? {});
  t.ok(keys.includes("LIMIT_SIGN_IN_IP") && keys.includes("METRICS_PORT"));
  t.match(
    one(production, "ConfigMap").data,
    { LIMIT_PROVIDER_IP: "300/15m", LIMIT_PROVIDER_LINK: "20/1h" },
    "the sign-in providers' limits (config.limits.providerIp, providerLink)",
  );
  t.same(
    keys.filter((key) => !known.has(key)),
    [],
    "every key is a variable of server/src/config.ts or branding/",
  );
});

t.test("every abuse limit the portal reads is a value of the chart (config.limits)", async (t) => {
  const source = readFileSync(join(rootDir, "server", "src", "config.ts"), "utf8");
  const read = [...source.matchAll(/"(LIMIT_[A-Z_]+)"/g)].map((match) => match[1]).sort();
  const { config } = readYaml(join(chartDir, "values.yaml")) as { config: { limits: Record<string, string> } };
  const values = Object.keys(config.limits).map((key) => `LIMIT_${key.replace(/[A-Z]/g, (letter) => `_${letter}`).toUpperCase()}`);
  t.ok(read.length > 10, "the server's limits are found");
  t.same(values.sort(), read);
});

t.test("branding: the files from a ConfigMap of the operator's, mounted read-only, and the values as the portal's variables", async (t) => {
  const branded = await render([
    ...required,
    ...["--set", "config.branding.configMap=portal-branding", "--set", "config.branding.logo=logo.svg"],
    ...["--set", "config.branding.markDark=mark-dark.png", "--set", "config.branding.textsFile=texts.json"],
    ...["--set", "config.branding.primaryColor=#7a1f5c", "--set", "config.branding.support=help@example.org"],
    ...["--set", "config.terms.url=https://example.org/terms", "--set", "config.terms.version=2026-01"],
    ...["--set", "config.limits.dataExport=3/1h"],
  ]);
  t.match(one(branded, "ConfigMap").data, {
    BRAND_LOGO: "/etc/account-portal/branding/logo.svg",
    BRAND_MARK_DARK: "/etc/account-portal/branding/mark-dark.png",
    OPERATOR_TEXTS_FILE: "/etc/account-portal/branding/texts.json",
    BRAND_PRIMARY_COLOR: "#7a1f5c",
    BRAND_SUPPORT: "help@example.org",
    TERMS_URL: "https://example.org/terms",
    TERMS_VERSION: "2026-01",
    LIMIT_DATA_EXPORT: "3/1h",
  });
  const pod = podOf(branded);
  t.match(pod.spec.volumes, [{ name: "tmp" }, { name: "state" }, { name: "branding", configMap: { name: "portal-branding" } }]);
  t.match(pod.container.volumeMounts, [{}, {}, { name: "branding", mountPath: "/etc/account-portal/branding", readOnly: true }]);
  t.notOk(
    Object.keys(one(defaults, "ConfigMap").data ?? {}).some((key) => key.startsWith("BRAND_") || key === "OPERATOR_TEXTS_FILE"),
    "none by default",
  );
  t.notOk(JSON.stringify(podOf(defaults).spec).includes("branding"), "and no volume");
  await t.rejects(
    render([...required, "--set", "config.branding.logo=logo.svg"]),
    /config\.branding\.configMap is required for BRAND_LOGO/,
  );
});

t.test("a change of configuration rolls the portals (the checksum annotation)", async (t) => {
  const before = podOf(defaults).annotations["checksum/config"];
  const after = podOf(await render([...required, "--set", "config.limits.apiIp=10/1m"])).annotations["checksum/config"];
  t.match(before, /^[0-9a-f]{64}$/);
  t.not(after, before);
  t.not(
    podOf(await render([...required, "--set", "secret.values.redisUrl=redis://other:6379"])).annotations["checksum/secret"],
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
    "courier.template_override_path",
    // The web hooks to the portal, which npm start and compose add on top of kratos.yml too (checked below).
    "selfservice.flows.login.after",
    "selfservice.flows.settings.after",
    "selfservice.flows.recovery.after",
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

/**
 * Ory's charts as their release publishes them: the sources of the tag (../shared/vendor, read-only, beside the
 * project's main clone: the parent of git's common folder, for a worktree as for a clone), whose Chart.yaml says
 * 0.58.0, under the version that Ory's packaging gives them and the umbrella asks for.
 */
function oryChartsDir(): string {
  const vendored = (root: string) => join(root, "..", "shared", "vendor", "ory-k8s-v0.59.0", "helm", "charts");
  const commonDir = execFileSync("git", ["rev-parse", "--path-format=absolute", "--git-common-dir"], {
    cwd: rootDir,
    encoding: "utf8",
  }).trim();
  const found = [vendored(rootDir), vendored(dirname(commonDir))].find((dir) => existsSync(join(dir, "kratos", "Chart.yaml")));
  if (!found) throw new Error(`Ory's charts are not beside the project: ${vendored(rootDir)} (see docs/testing.md, suite chart)`);
  return found;
}
const oryRelease = "0.59.0";

/** The umbrella with its dependencies built offline: Ory's charts and the portal's from folders, as file:// repositories. */
async function umbrellaCopy(): Promise<string> {
  const copy = mkdtempSync(join(tmpdir(), "with-ory-"));
  t.teardown(() => {
    rmSync(copy, { recursive: true, force: true });
  });
  cpSync(withOryDir, join(copy, "with-ory"), { recursive: true });
  const ory = oryChartsDir();
  for (const name of ["kratos", "hydra", "ory-commons"]) {
    cpSync(join(ory, name), join(copy, name), { recursive: true });
    execFileSync("chmod", ["-R", "u+w", join(copy, name)]);
  }
  for (const name of ["kratos", "hydra"]) {
    const file = join(copy, name, "Chart.yaml");
    const text = readFileSync(file, "utf8");
    if (!/^version: 0\.58\.0$/m.test(text)) throw new Error(`${name}: the vendored chart is no longer the tag's (version 0.58.0)`);
    writeFileSync(file, text.replace(/^version: 0\.58\.0$/m, `version: ${oryRelease}`));
  }
  const chartFile = join(copy, "with-ory", "Chart.yaml");
  const chart = readYaml(chartFile) as Tree & { dependencies: { name: string; repository: string; version: string }[] };
  const local: Record<string, string> = { kratos: join(copy, "kratos"), hydra: join(copy, "hydra"), "account-portal": chartDir };
  chart.dependencies = chart.dependencies.map((dependency) => ({ ...dependency, repository: `file://${local[dependency.name]}` }));
  writeFileSync(chartFile, stringify(chart));
  await runHelm(["dependency", "build", join(copy, "with-ory")]);
  return join(copy, "with-ory");
}

const umbrellaChart = readYaml(join(withOryDir, "Chart.yaml")) as { dependencies: { name: string; version: string; repository: string }[] };
const umbrella = await umbrellaCopy();
const site = ["--values", siteValues];
async function renderUmbrella(args: string[] = []): Promise<Resource[]> {
  const text = await runHelm([
    "template",
    "portal",
    umbrella,
    "--namespace",
    "identity",
    "--kube-version",
    kubernetesVersion,
    ...site,
    ...args,
  ]);
  return parseAllDocuments(text)
    .map((document) => document.toJS() as Resource | null)
    .filter((resource): resource is Resource => resource !== null);
}
const withOry = await renderUmbrella();
const siteTree = merged(readYaml(join(withOryDir, "values.yaml")), readYaml(siteValues));
// The site with sign-in providers: its second values file, as the README tells operators to add it.
const providersValues = join(withOryDir, "providers.example.yaml");
const withProviders = await renderUmbrella(["--values", providersValues]);
// And with a brand in Kratos' code mails: the values `npm run courier-templates -- --helm` writes (docs/branding.md).
const brandValues = join(mkdtempSync(join(tmpdir(), "with-ory-brand-")), "brand.yaml");
writeFileSync(
  brandValues,
  helmValues({
    productNames: { en: "Calcworks", de: "Rechen<b>werk</b>" },
    support: { text: "hilfe@example.org", link: "mailto:hilfe@example.org" },
  }),
);
const withBrand = await renderUmbrella(["--values", providersValues, "--values", brandValues]);
rmSync(dirname(brandValues), { recursive: true, force: true });
const siteProviders = (readYaml(providersValues) as { oidc: { providers: OidcProvider[] } }).oidc.providers;
const siteHookSecret = (siteTree["account-portal"] as { secret: { values: { hookSecret: string } } }).secret.values.hookSecret;

interface Workload extends Resource {
  spec: {
    template: {
      metadata: { labels: Record<string, string> };
      spec: PodSpec & { initContainers?: Container[] };
    };
  };
}
const workloads = (resources: Resource[]) =>
  resources.filter((resource): resource is Workload => ["Deployment", "StatefulSet", "Job"].includes(resource.kind));
const containersOf = (workload: Workload) => [
  ...workload.spec.template.spec.containers,
  ...(workload.spec.template.spec.initContainers ?? []),
];
/** The containers that read a Secret: given keys of it by name (those `named` picks), or the whole of it as environment. */
function secretReaders(resources: Resource[], secret: string, named: (reference: { name: string; key: string }) => boolean) {
  const readers: { container: string; env: NonNullable<Container["env"]> }[] = [];
  for (const workload of workloads(resources)) {
    for (const container of containersOf(workload)) {
      const env = (container.env ?? []).filter((entry) => {
        const reference = entry.valueFrom?.secretKeyRef;
        return reference !== undefined && named(reference);
      });
      const whole = (container.envFrom ?? []).some((source) => source.secretRef?.name === secret);
      if (env.length > 0 || whole) readers.push({ container: `${workload.kind} ${workload.metadata.name}/${container.name}`, env });
    }
  }
  return readers;
}
const kratosConfig = () => parse(one(withOry, "ConfigMap", "portal-kratos-config").data?.["kratos.yaml"] ?? "") as Tree;

t.test("with-ory: Ory's real charts (v0.59.0), built offline, lint strictly and render with the site's values", async (t) => {
  t.same(
    umbrellaChart.dependencies.map(({ name, version, repository }) => `${name} ${version} ${repository}`),
    [
      "kratos 0.59.0 https://k8s.ory.sh/helm/charts",
      "hydra 0.59.0 https://k8s.ory.sh/helm/charts",
      "account-portal 0.1.0 file://../account-portal",
    ],
    "Ory's charts of Kratos v1.3.1 and Hydra v2.3.0, from Ory's repository for operators",
  );
  t.match(await runHelm(["lint", "--strict", umbrella, ...site]), /1 chart\(s\) linted, 0 chart\(s\) failed/);
  t.match(
    await runHelm(["lint", "--strict", umbrella, ...site, "--values", providersValues]),
    /1 chart\(s\) linted, 0 chart\(s\) failed/,
    "with the sign-in providers too",
  );
  const kinds = new Set(withOry.map((resource) => `${resource.kind} ${resource.metadata.name}`));
  for (const expected of [
    "Deployment portal-kratos",
    "StatefulSet portal-kratos-courier",
    "Job portal-kratos-automigrate",
    "Deployment portal-hydra",
    "Job portal-hydra-automigrate",
    "Deployment portal-account-portal",
    "Service portal-account-portal-internal",
    "StatefulSet portal-redis",
  ]) {
    t.ok(kinds.has(expected), expected);
  }
});

t.test("with-ory: the site file names the image the operator built and pushed; without one the umbrella refuses", async (t) => {
  const portal = one(withOry, "Deployment", "portal-account-portal") as Workload;
  t.equal(portal.spec.template.spec.containers[0]?.image, "registry.example.org/account-portal:0.1.0");
  t.match(readFileSync(siteValues, "utf8"), /docker build -t registry\.example\.org\/account-portal:0\.1\.0 \./, "and says how");
  await t.rejects(renderUmbrella(["--set", "account-portal.image.repository="]), /image\.repository is required/);
});

t.test("with-ory: the portal reaches the site's SMTP server on the port of its SMTP URI", async (t) => {
  const smtpUri = (siteTree["account-portal"] as { secret: { values: { smtpUri: string } } }).secret.values.smtpUri;
  t.equal(new URL(smtpUri).port, "465");
  t.same(
    policyOf(withOry).egress.flatMap((rule) => (rule.to?.[0]?.ipBlock ? rule.ports.map(({ port }) => port) : [])),
    [465],
  );
});

t.test("with-ory: kubernetes.md's helm commands fetch the umbrella's dependencies, and again on the next run", async (t) => {
  // Ory's chart repository, served here as k8s.ory.sh serves it: the vendored charts (umbrellaCopy's, as 0.59.0)
  // packaged and indexed.
  const dir = mkdtempSync(join(tmpdir(), "with-ory-repo-"));
  t.teardown(() => {
    rmSync(dir, { recursive: true, force: true });
  });
  const served = join(dir, "served");
  mkdirSync(served);
  for (const name of ["kratos", "hydra"]) await runHelm(["package", join(dirname(umbrella), name), "--destination", served]);
  const repository = createServer((request, response) => {
    const file = join(served, (request.url ?? "").replace(/^\/helm\/charts\//, ""));
    if (dirname(file) !== served || !existsSync(file)) response.writeHead(404).end();
    else response.writeHead(200).end(readFileSync(file));
  });
  await new Promise<void>((resolve) => repository.listen(0, "127.0.0.1", resolve));
  t.teardown(() => {
    repository.close();
  });
  const oryRepository = "https://k8s.ory.sh/helm/charts";
  const local = `http://127.0.0.1:${String((repository.address() as AddressInfo).port)}/helm/charts`;
  await runHelm(["repo", "index", served, "--url", local]);

  /** A checkout of the charts, with Ory's repository here, and a Helm of its own (no repository added yet). */
  const checkout = (name: string) => {
    const root = join(dir, name);
    cpSync(join(rootDir, "deploy", "helm"), join(root, "deploy", "helm"), {
      recursive: true,
      filter: (source) => !/\/with-ory\/(charts|Chart\.lock)$/.test(source),
    });
    const chartFile = join(root, "deploy", "helm", "with-ory", "Chart.yaml");
    writeFileSync(chartFile, readFileSync(chartFile, "utf8").replaceAll(oryRepository, local));
    const home = join(root, ".helm");
    const env = {
      ...process.env,
      HELM_CONFIG_HOME: join(home, "config"),
      HELM_CACHE_HOME: join(home, "cache"),
      HELM_DATA_HOME: join(home, "data"),
    };
    return async (command: string) => {
      const [program, ...args] = command.replaceAll(oryRepository, local).split(/\s+/);
      if (program !== "helm") throw new Error(`not a helm command: ${command}`);
      const { stdout } = await promisify(execFile)(helm, args, { cwd: root, env });
      return { stdout, charts: () => readdirSync(join(root, "deploy", "helm", "with-ory", "charts")).sort() };
    };
  };

  const documented = [
    ...readFileSync(join(rootDir, "docs", "kubernetes.md"), "utf8").matchAll(/^(helm (?:repo|dependency) [^#\n]*?)\s*(?:#.*)?$/gm),
  ].map((match) => match[1] ?? "");
  t.same(
    documented,
    [`helm repo add ory ${oryRepository}`, "helm dependency update deploy/helm/with-ory"],
    "the commands kubernetes.md gives",
  );
  const run = checkout("documented");
  for (const round of ["first", "second"]) {
    let last: Awaited<ReturnType<typeof run>> | undefined;
    for (const command of documented) {
      // helm repo add again is no error while the repository is the same.
      last = await run(command);
    }
    t.same(last?.charts(), ["account-portal-0.1.0.tgz", "hydra-0.59.0.tgz", "kratos-0.59.0.tgz"], `${round} run`);
  }

  const before = checkout("without-repo-add");
  await before("helm dependency build deploy/helm/with-ory");
  await t.rejects(
    before("helm dependency build deploy/helm/with-ory"),
    /no repository definition for/,
    "the commands before: a second helm dependency build without helm repo add fails",
  );
});

t.test(`with-ory: every object, Ory's included, is one Kubernetes ${kubernetesVersion} takes, strictly`, async (t) => {
  for (const resource of [...withOry, ...withProviders]) {
    t.same(validator.problems(resource), [], `${resource.kind} ${resource.metadata.name}`);
  }
});

t.test("with-ory: every value the umbrella and the site file set for Ory's charts is one that their charts read", async (t) => {
  // Trees that Ory's charts take as a whole: Kratos' and Hydra's own configuration (checked against config/ above,
  // and by Kratos' run below) and the files Kratos reads.
  const wholeTrees = ["kratos.kratos.config", "kratos.kratos.identitySchemas", "kratos.kratos.emailTemplates", "hydra.hydra.config"];
  for (const name of ["kratos", "hydra"]) {
    const chart = join(oryChartsDir(), name);
    // A value is Ory's when its values.yaml names it, or a template reads it (some are only in values.yaml's comments).
    const templates = readdirSync(join(chart, "templates"), { recursive: true, encoding: "utf8" })
      .filter((file) => /\.(yaml|tpl)$/.test(file))
      .map((file) => readFileSync(join(chart, "templates", file), "utf8"))
      .join("\n");
    const unknown: string[] = [];
    const walk = (ours: unknown, theirs: unknown, path: string[]) => {
      if (!isTree(ours) || wholeTrees.includes([name, ...path].join("."))) return;
      for (const [key, value] of Object.entries(ours)) {
        const below = [...path, key];
        if (isTree(theirs) && key in theirs) walk(value, theirs[key], below);
        else if (!templates.includes(`.Values.${below.join(".")}`)) unknown.push([name, ...below].join("."));
      }
    };
    const ours = siteTree[name];
    t.ok(isTree(ours) && Object.keys(ours).length > 0, `the umbrella sets values of ${name}`);
    walk(ours, readYaml(join(chart, "values.yaml")), []);
    t.same(unknown, [], `no value ${name}'s chart would ignore`);
  }
});

t.test("with-ory: Kratos' web hooks call the portal's internal Service, their secret only in Secrets and Kratos' servers", async (t) => {
  const portalSecret = one(withOry, "Secret", "portal-account-portal");
  t.equal(portalSecret.stringData?.KRATOS_HOOK_SECRET, siteHookSecret, "the site's hook secret, in the portal's Secret");
  const internal = one(withOry, "Service", "portal-account-portal-internal").spec as { ports: { port: number; targetPort: string }[] };
  const flows = (kratosConfig().selfservice as { flows: Record<string, { after?: { hooks?: { hook: string; config: Tree }[] } }> }).flows;
  for (const event of ["login", "settings", "recovery"]) {
    const hooks = flows[event]?.after?.hooks ?? [];
    t.equal(hooks.length, 1, `${event}: one hook`);
    t.same(
      hooks[0],
      {
        hook: "web_hook",
        config: {
          url: `http://portal-account-portal-internal:${internal.ports[0].port}/internal/kratos-hooks/${event}`,
          method: "POST",
          body: "file:///etc/config/security-event.jsonnet",
          auth: { type: "api_key", config: { name: hookSecretHeader, in: "header" } },
          response: { ignore: true },
        },
      },
      `${event}: to the internal Service, without the secret in Kratos' ConfigMap`,
    );
  }
  t.same(internal.ports[0].targetPort, "internal");
  t.equal(
    one(withOry, "ConfigMap", "portal-kratos-config").data?.["security-event.jsonnet"],
    readFileSync(join(rootDir, "config", "kratos", "hooks", "security-event.jsonnet"), "utf8"),
    "the hooks' body is config/kratos/hooks/security-event.jsonnet",
  );

  for (const configMap of withOry.filter((resource) => resource.kind === "ConfigMap")) {
    t.notOk(JSON.stringify(configMap).includes(siteHookSecret), `ConfigMap ${configMap.metadata.name} holds no secret of the site`);
  }
  // Who may read the hook secret: the portal (its Secret as environment) and Kratos' servers, by name.
  const readers = secretReaders(withOry, "portal-account-portal", (reference) => reference.key === "KRATOS_HOOK_SECRET");
  for (const env of readers.flatMap((reader) => reader.env)) {
    t.same(env.valueFrom?.secretKeyRef, { name: "portal-account-portal", key: "KRATOS_HOOK_SECRET" }, env.name);
  }
  t.same(readers.map((reader) => reader.container).sort(), ["Deployment portal-account-portal/portal", "Deployment portal-kratos/kratos"]);

  // The portal's NetworkPolicy admits Kratos' servers, and not its courier or jobs, to the internal port.
  const rule = policyOf(withOry).ingress.find((candidate) => candidate.ports.some(({ port }) => port === "internal"));
  const peer = rule?.from?.[0];
  t.same(peer?.namespaceSelector?.matchLabels, { "kubernetes.io/metadata.name": "identity" });
  const selects = (workload: Workload) =>
    Object.entries(peer?.podSelector?.matchLabels ?? { none: "" }).every(
      ([key, value]) => workload.spec.template.metadata.labels[key] === value,
    );
  t.same(
    workloads(withOry)
      .filter(selects)
      .map((workload) => `${workload.kind} ${workload.metadata.name}`),
    ["Deployment portal-kratos"],
    "the internal port: Kratos' servers only",
  );
  t.equal(rule?.from?.length, 1);
});

t.test("with-ory: Kratos' courier sends the code mails from config/kratos/courier-templates", async (t) => {
  const values = readFileSync(umbrellaValues, "utf8");
  t.equal(
    values,
    withKratosFiles(values, kratosFiles()),
    "values.yaml holds config/kratos' files as they are (npm run chart-files writes them)",
  );

  t.match(kratosConfig(), { courier: { template_override_path: "/conf/courier-templates" } });
  const files = kratosFiles();
  t.same(Object.keys(files.emailTemplates), ["login_code", "recovery_code", "registration_code", "verification_code"]);
  const courier = one(withOry, "StatefulSet", "portal-kratos-courier") as Workload;
  const server = one(withOry, "Deployment", "portal-kratos") as Workload;
  for (const [template, variants] of Object.entries(files.emailTemplates)) {
    for (const [variant, texts] of Object.entries(variants)) {
      const name = `portal-kratos-template-${template.replaceAll("_", "-")}-${variant}`;
      const data = one(withOry, "ConfigMap", name).data ?? {};
      for (const [key, file] of Object.entries(templateFiles) as [keyof typeof templateFiles, string][]) {
        // Ory's chart ends each file with at most one line break; the templates' last action trims it.
        t.equal(data[file]?.trimEnd(), texts[key].trimEnd(), `${template}/${variant}/${file}`);
      }
      for (const workload of [server, courier]) {
        const volume = workload.spec.template.spec.volumes?.find((candidate) => candidate.configMap?.name === name);
        const mount = (
          workload.spec.template.spec.containers[0] as Container & { volumeMounts: { name: string; mountPath: string }[] }
        ).volumeMounts.find((candidate) => candidate.name === volume?.name);
        t.equal(mount?.mountPath, `/conf/courier-templates/${template}/${variant}`, `${workload.metadata.name} mounts ${name}`);
      }
    }
  }
});

t.test(
  "with-ory: the brand's values name the product in authenticator apps and passkey prompts, beside the site's relying party",
  async (t) => {
    const methodsOf = (resources: Resource[]) =>
      (parse(one(resources, "ConfigMap", "portal-kratos-config").data?.["kratos.yaml"] ?? "") as { selfservice: { methods: Tree } })
        .selfservice.methods;
    const site = { id: "account.example.org", origins: ["https://account.example.org"] };
    t.match(methodsOf(withBrand), {
      totp: { config: { issuer: "Calcworks" } },
      webauthn: { config: { rp: { display_name: "Calcworks", ...site } } },
      passkey: { config: { rp: { display_name: "Calcworks", ...site } } },
    });
    t.match(
      methodsOf(withOry),
      {
        totp: { config: { issuer: "Account" } },
        webauthn: { config: { rp: { display_name: "Account", ...site } } },
        passkey: { config: { rp: { display_name: "Account", ...site } } },
      },
      "without them, config/kratos' Account",
    );
  },
);

/** `--set` arguments for one provider of the umbrella's oidc.providers; --set reads digits as a number. */
const providerSet = (fields: Record<string, string>, index = 0) =>
  Object.entries(fields).flatMap(([key, value]) => ["--set", `oidc.providers[${String(index)}].${key}=${value}`]);

/** The providers as Kratos' servers receive them: the Secret's `providers`, decoded. */
function providersIn(resources: Resource[]): OidcProvider[] {
  return JSON.parse(secretValue(resources, "portal-kratos-oidc", "providers") ?? "null") as OidcProvider[];
}

t.test("with-ory: the sign-in providers and their client secrets reach Kratos' servers from a Secret, never a ConfigMap", async (t) => {
  const mapper = `file:///etc/config/${oidcMapperFile}`;
  t.same(
    providersIn(withProviders),
    siteProviders.map((provider) => ({ ...provider, mapper_url: mapper })),
    "the site's providers, each with the portal's mapper",
  );
  const clientSecrets = siteProviders.map((provider) => provider.client_secret as string);
  t.equal(clientSecrets.length, 4);
  for (const resource of withProviders) {
    const text = JSON.stringify(resource);
    const holds = clientSecrets.filter((secret) => text.includes(secret));
    t.same(holds, [], `${resource.kind} ${resource.metadata.name} holds no client secret in clear`);
  }
  for (const configMap of withProviders.filter((resource) => resource.kind === "ConfigMap")) {
    for (const secret of clientSecrets) {
      t.notOk(
        Object.values(configMap.data ?? {}).some((text) => text.includes(secret) || text.includes(Buffer.from(secret).toString("base64"))),
        `ConfigMap ${configMap.metadata.name} holds no client secret`,
      );
    }
  }
  t.match(
    parse(one(withProviders, "ConfigMap", "portal-kratos-config").data?.["kratos.yaml"] ?? ""),
    { selfservice: { methods: { oidc: { enabled: false } } } },
    "Kratos' ConfigMap lists no provider",
  );

  // Who may read the providers' Secret: Kratos' servers, which alone talk to the providers; not the courier or the jobs.
  const readers = secretReaders(withProviders, "portal-kratos-oidc", (reference) => reference.name === "portal-kratos-oidc");
  t.same(
    readers.map((reader) => reader.container),
    ["Deployment portal-kratos/kratos"],
  );
  t.same(
    readers[0]?.env.map((env) => [env.name, env.valueFrom?.secretKeyRef?.key]),
    [
      ["SELFSERVICE_METHODS_OIDC_ENABLED", "enabled"],
      ["SELFSERVICE_METHODS_OIDC_CONFIG_PROVIDERS", "providers"],
    ],
    "the method's switch and the providers, as Kratos reads them from its environment",
  );

  const own = await renderUmbrella(["--set", "oidc.existingSecret=portal-kratos-oidc"]);
  t.notOk(
    own.some((resource) => resource.kind === "Secret" && resource.metadata.name === "portal-kratos-oidc"),
    "with a Secret of the operator's the umbrella renders none",
  );
  t.match(JSON.stringify(one(own, "Deployment", "portal-kratos")), /"name":"portal-kratos-oidc"/, "and Kratos reads the operator's");
  await t.rejects(renderUmbrella(["--set", "oidc.existingSecret=mine"]), /from the Secret portal-kratos-oidc/);
  await t.rejects(
    renderUmbrella(["--set", "kratos.kratos.config.selfservice.methods.oidc.config.providers[0].id=google"]),
    /would put the client secrets in Kratos' ConfigMap: list the providers in oidc\.providers/,
    "providers in Kratos' own configuration are refused",
  );
  await t.rejects(
    renderUmbrella(["--values", providersValues, "--set", "oidc.existingSecret=portal-kratos-oidc"]),
    /oidc\.providers and oidc\.existingSecret: give one of them/,
  );
});

t.test(
  "with-ory: Kratos' oidc method is on only with providers, and a provider's sign-up gets the session and the verification step",
  async (t) => {
    t.equal(secretValue(withProviders, "portal-kratos-oidc", "enabled"), "true", "on with providers");
    t.equal(secretValue(withOry, "portal-kratos-oidc", "enabled"), "false", "off without");
    t.same(providersIn(withOry), [], "and none offered");
    const registration = (kratosConfig().selfservice as { flows: { registration: { after: Record<string, unknown> } } }).flows.registration;
    t.same(registration.after.oidc, { hooks: [{ hook: "session" }, { hook: "show_verification_ui" }] });
  },
);

t.test("with-ory: the providers' mapper is config/kratos/oidc/standard.jsonnet, where mapper_url points", async (t) => {
  const configMap = one(withProviders, "ConfigMap", "portal-kratos-config");
  t.equal(
    configMap.data?.[oidcMapperFile],
    readFileSync(join(rootDir, "config", "kratos", "oidc", "standard.jsonnet"), "utf8"),
    "the mapper in Kratos' ConfigMap is the repository's",
  );
  const server = one(withProviders, "Deployment", "portal-kratos") as Workload;
  const volume = server.spec.template.spec.volumes?.find((candidate) => candidate.configMap?.name === configMap.metadata.name);
  const mount = (
    server.spec.template.spec.containers[0] as Container & { volumeMounts: { name: string; mountPath: string }[] }
  ).volumeMounts.find((candidate) => candidate.name === volume?.name);
  t.equal(mount?.mountPath, "/etc/config", "Kratos' ConfigMap is its /etc/config");
  for (const provider of providersIn(withProviders)) t.equal(provider.mapper_url, `file:///etc/config/${oidcMapperFile}`, provider.id);

  const sso = { id: "sso", provider: "generic", client_id: "portal", issuer_url: "https://auth.example.org/sso" };
  await t.rejects(
    renderUmbrella(providerSet({ ...sso, mapper_url: "file:///etc/config/kratos/oidc/standard.jsonnet" })),
    /mapper_url file:\/\/\/etc\/config\/kratos\/oidc\/standard\.jsonnet is no file of Kratos' pods/,
    "compose's path, which is no file of Kratos' pods",
  );
  const own = await renderUmbrella(providerSet({ ...sso, mapper_url: "https://mappers.example.org/sso.jsonnet" }));
  t.equal(providersIn(own)[0]?.mapper_url, "https://mappers.example.org/sso.jsonnet", "a mapper of the operator's is kept");
});

t.test("with-ory: the portal's CSP form-action lists every provider's sign-in page, or the umbrella refuses", async (t) => {
  const portalConfig = one(withProviders, "ConfigMap", "portal-account-portal").data ?? {};
  const formActions = (portalConfig.CSP_FORM_ACTION_ORIGINS ?? "").split(",");
  const origins = providerOrigins(siteProviders);
  t.equal(origins.length, 4);
  t.same(
    origins.filter((origin) => !formActions.includes(origin)),
    [],
    "the site's form-action names each provider's origin, as npm start computes it",
  );
  for (const [kind, origin] of Object.entries(knownOrigins)) {
    await t.rejects(
      renderUmbrella(providerSet({ id: kind, provider: kind, client_id: "portal" })),
      new RegExp(`\\(${kind}\\) signs in at ${origin.replaceAll(".", "\\.")}: add it to account-portal\\.config\\.formActionOrigins`),
      `${kind}: the chart's table says ${origin}, as stack/oidc-providers.ts does`,
    );
  }
  await t.rejects(
    renderUmbrella(
      providerSet({ id: "sso", provider: "generic", client_id: "portal", issuer_url: "https://sso.example.com/realms/staff" }),
    ),
    /\(sso\) signs in at https:\/\/sso\.example\.com: add it/,
  );
});

t.test("with-ory: the umbrella refuses a provider that Kratos could not use, and says what is wrong", async (t) => {
  const sso = { id: "sso", provider: "generic", client_id: "portal", issuer_url: "https://auth.example.org" };
  await t.rejects(renderUmbrella(providerSet({ ...sso, client_id: "123456" })), /\(sso\) needs client_id, as a string/);
  await t.rejects(renderUmbrella(providerSet({ ...sso, issuer_url: "http://sso.example.com" })), /issuer_url must be an https URL/);
  await t.rejects(renderUmbrella(providerSet({ ...sso, id: "Google" })), /id must be lower-case letters/);
  t.ok(
    readFileSync(join(withOryDir, "templates", "kratos-oidc.yaml"), "utf8").includes(`regexMatch "${providerIdPattern}"`),
    "the chart takes the ids that the portal's proxy lets through (contract/providers.ts)",
  );
  await t.rejects(renderUmbrella([...providerSet(sso), ...providerSet({ id: "sso" }, 1)]), /the id "sso" is used twice/);
});

t.test("with-ory: the sign-in providers' limits reach the portal's environment", async (t) => {
  t.match(one(withProviders, "ConfigMap", "portal-account-portal").data, { LIMIT_PROVIDER_IP: "100/15m", LIMIT_PROVIDER_LINK: "10/1h" });
  const data = one(withOry, "ConfigMap", "portal-account-portal").data ?? {};
  t.notOk("LIMIT_PROVIDER_IP" in data || "LIMIT_PROVIDER_LINK" in data, "unset: the portal's defaults");
});

t.test("with-ory: Example SSO, where any address signs in, is never on a cluster", async (t) => {
  for (const resource of [...withOry, ...withProviders]) {
    const text = JSON.stringify(resource);
    t.notOk(text.includes(exampleSsoId) || text.includes(exampleSsoLabel), `${resource.kind} ${resource.metadata.name}`);
  }
  await t.rejects(
    renderUmbrella(providerSet({ id: exampleSsoId, provider: "generic", client_id: "portal", issuer_url: "https://auth.example.org" })),
    /example-sso is npm start's test provider/,
  );
});

t.test("with-ory: no NetworkPolicy keeps Kratos' servers from the providers (their discovery, keys and tokens)", async (t) => {
  const kratosPod = (one(withProviders, "Deployment", "portal-kratos") as Workload).spec.template.metadata.labels;
  const restricting = withProviders
    .filter((resource) => resource.kind === "NetworkPolicy")
    .filter((policy) => {
      const spec = policy.spec as { podSelector?: { matchLabels?: Record<string, string> }; policyTypes?: string[] };
      const selects = Object.entries(spec.podSelector?.matchLabels ?? {}).every(([key, value]) => kratosPod[key] === value);
      return selects && (spec.policyTypes ?? []).includes("Egress");
    })
    .map((policy) => policy.metadata.name);
  t.same(restricting, [], "Kratos' egress is open: HTTPS to any provider");
});

t.test("with-ory: the umbrella refuses a portal that Kratos would not find", async (t) => {
  await t.rejects(
    renderUmbrella(["--set", "account-portal.fullnameOverride=portal"]),
    /call the portal's Service portal-account-portal-internal/,
  );
  await t.rejects(
    renderUmbrella([
      "--set",
      "account-portal.secret.existingSecret=mine",
      "--set",
      "account-portal.secret.existingSecretKeys={PORTAL_REDIS_URL,SMTP_URI}",
      "--set",
      "account-portal.networkPolicy.smtp.port=465",
    ]),
    /from the Secret portal-account-portal/,
  );
  await t.rejects(renderUmbrella(["--set", "account-portal.internal.port=9001"]), /internal port 8081/);
  await t.rejects(
    renderUmbrella(["--set", "account-portal.secret.values.hookSecret="]),
    /account-portal\.secret\.values\.hookSecret is required/,
  );
});

t.test("with-ory: an outside PostgreSQL with verify-full: every container with a DSN has the CA where sslrootcert points", async (t) => {
  const tlsValues = join(withOryDir, "postgres-tls.example.yaml");
  const caFile = "/etc/postgres-ca/ca.crt";
  t.match(readFileSync(tlsValues, "utf8"), `sslmode=verify-full&sslrootcert=${caFile}`, "the file says how to write the DSNs");
  const dsn = (role: string) =>
    `postgres://${role}:pw@db.example.org:5432/${role}?sslmode=verify-full&sslrootcert=${caFile}&max_conns=20&max_idle_conns=4`;
  const resources = await renderUmbrella([
    "--values",
    tlsValues,
    "--set",
    `kratos.kratos.config.dsn=${dsn("kratos")}`,
    "--set",
    `hydra.hydra.config.dsn=${dsn("hydra")}`,
  ]);
  for (const resource of resources) t.same(validator.problems(resource), [], `${resource.kind} ${resource.metadata.name}`);
  const readers: string[] = [];
  for (const workload of workloads(resources)) {
    for (const container of containersOf(workload)) {
      const value = resolvedEnv(container, resources).DSN;
      if (value === undefined) continue;
      const name = `${workload.kind} ${workload.metadata.name}/${container.name}`;
      readers.push(name);
      t.equal(new URL(value).hostname, "db.example.org", `${name}: the site's database host`);
      t.equal(new URL(value).searchParams.get("sslrootcert"), caFile, `${name}: verifies with the CA`);
      const mount = container.volumeMounts?.find((candidate) => caFile.startsWith(`${candidate.mountPath}/`));
      const volume = workload.spec.template.spec.volumes?.find((candidate) => candidate.name === mount?.name);
      t.equal(volume?.secret?.secretName, "postgres-ca", `${name}: the CA from the Secret postgres-ca`);
      t.equal(mount?.readOnly, true, `${name}: read-only`);
    }
  }
  t.same(
    readers.sort(),
    [
      "Deployment portal-hydra/hydra",
      "Deployment portal-kratos/kratos",
      "Job portal-hydra-automigrate/hydra-automigrate",
      "Job portal-kratos-automigrate/kratos-automigrate",
      "StatefulSet portal-kratos-courier/kratos-courier",
    ],
    "the containers that reach PostgreSQL: Kratos' and Hydra's servers and migrations, and Kratos' courier",
  );
});

/** A key of a rendered Secret, as the kubelet reads it (stringData or base64 data). */
function secretValue(resources: Resource[], name: string, key: string): string | undefined {
  const secret = one(resources, "Secret", name);
  const encoded = secret.data?.[key];
  return secret.stringData?.[key] ?? (encoded === undefined ? undefined : Buffer.from(encoded, "base64").toString());
}

/** An env entry of a rendered container, with a Secret's key resolved as the kubelet resolves it. */
function resolvedEnv(container: Container, resources: Resource[]): Record<string, string> {
  const env: Record<string, string> = {};
  for (const entry of container.env ?? []) {
    const reference = entry.valueFrom?.secretKeyRef;
    if (!reference) {
      env[entry.name] = entry.value ?? "";
      continue;
    }
    const value = secretValue(resources, reference.name, reference.key);
    if (value === undefined) throw new Error(`${entry.name}: the Secret ${reference.name} has no ${reference.key}`);
    env[entry.name] = value;
  }
  return env;
}

t.test(
  "with-ory: Kratos, run as the chart configures it, calls the portal's hook with the secret, mails from the templates with the brand's values and offers the site's providers",
  async (t) => {
    // Kratos' server from the rendered objects: its ConfigMap's files and the courier templates' ConfigMaps written where
    // the pod mounts them (under a folder of this test), its arguments and its environment with the Secrets' values.
    // Only what needs a cluster is replaced: the database (SQLite), the ports, and the portal's internal Service
    // (a receiver here).
    const kratos = await buildLauncher(kratosLauncher, (line) => {
      t.comment(line);
    });
    const root = mkdtempSync(join(tmpdir(), "with-ory-kratos-"));
    t.teardown(() => {
      rmSync(root, { recursive: true, force: true });
    });
    const server = one(withBrand, "Deployment", "portal-kratos") as Workload;
    const pod = server.spec.template.spec;
    const container = pod.containers[0] as Container & { args: string[]; volumeMounts: { name: string; mountPath: string }[] };
    for (const mount of container.volumeMounts) {
      const configMap = pod.volumes?.find((volume) => volume.name === mount.name)?.configMap?.name;
      if (!configMap) continue;
      mkdirSync(join(root, mount.mountPath), { recursive: true });
      for (const [file, text] of Object.entries(one(withBrand, "ConfigMap", configMap).data ?? {}))
        writeFileSync(join(root, mount.mountPath, file), text);
    }
    const received: { path: string; secret: string | undefined; body: { identity_id?: string } }[] = [];
    const receiver = createServer((request, response) => {
      let body = "";
      request.on("data", (chunk: Buffer) => (body += chunk.toString()));
      request.on("end", () => {
        received.push({
          path: request.url ?? "",
          secret: request.headers[hookSecretHeader.toLowerCase()] as string | undefined,
          body: JSON.parse(body || "{}") as { identity_id?: string },
        });
        response.writeHead(204).end();
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
    const receiverPort = (receiver.address() as AddressInfo).port;
    t.teardown(() => {
      receiver.close();
    });

    const [publicPort, adminPort] = [await freePort(), await freePort()];
    const configFile = join(root, "etc", "config", "kratos.yaml");
    writeFileSync(
      configFile,
      readFileSync(configFile, "utf8")
        .replaceAll("file:///etc/config/", `file://${root}/etc/config/`)
        .replaceAll(" /conf/courier-templates", ` ${root}/conf/courier-templates`)
        .replaceAll("http://portal-account-portal-internal:8081", `http://127.0.0.1:${receiverPort}`),
    );
    const env: Record<string, string | undefined> = {
      PATH: process.env.PATH,
      ...resolvedEnv(container, withBrand),
      DSN: `sqlite://${join(root, "kratos.sqlite")}?_fk=true&mode=rwc`,
      SERVE_PUBLIC_PORT: String(publicPort),
      SERVE_PUBLIC_HOST: "127.0.0.1",
      SERVE_ADMIN_PORT: String(adminPort),
      SERVE_ADMIN_HOST: "127.0.0.1",
    };
    t.equal(
      env.SELFSERVICE_FLOWS_LOGIN_AFTER_HOOKS_0_CONFIG_AUTH_CONFIG_VALUE,
      siteHookSecret,
      "Kratos' environment holds the hook secret",
    );
    const args = container.args.map((arg) => arg.replace("/etc/config/", `${root}/etc/config/`));
    const supervisor = new Supervisor({ echo: false });
    t.teardown(() => supervisor.stopAll());
    try {
      await supervisor.run("kratos-migrate", kratos, ["migrate", "sql", "-e", "--yes", "--config", configFile], { env, quiet: true });
      // --dev only so that the admin API shows a queued mail's text (Kratos redacts it otherwise).
      supervisor.start("kratos", kratos, [...args, "--dev"], { env });
      const admin = `http://127.0.0.1:${adminPort}`;
      const publicUrl = `http://127.0.0.1:${publicPort}`;
      await supervisor.waitFor("kratos", `${admin}/health/ready`, "Kratos as the chart configures it");

      const identity = await createIdentity(admin, { language: "de" });
      const flow = (await (await fetch(`${publicUrl}/self-service/login/api`)).json()) as { id: string };
      const login = await fetch(`${publicUrl}/self-service/login?flow=${flow.id}`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ method: "password", identifier: identity.email, password: identity.password }),
      });
      t.equal(login.status, 200, "signed in");
      await supervisor.waitUntil("test", "the login hook", async () => (received.length > 0 ? true : "none yet"), 15_000);
      t.same(received, [
        { path: "/internal/kratos-hooks/login", secret: siteHookSecret, body: { ...received[0]?.body, identity_id: identity.id } },
      ]);

      const recovery = (await (await fetch(`${publicUrl}/self-service/recovery/api`)).json()) as { id: string };
      const asked = await fetch(`${publicUrl}/self-service/recovery?flow=${recovery.id}`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ method: "code", email: identity.email }),
      });
      t.equal(asked.status, 200, "a recovery code asked for");
      const messages = (await (await fetch(`${admin}/admin/courier/messages?recipient=${encodeURIComponent(identity.email)}`)).json()) as {
        subject: string;
        template_type: string;
        body: string;
      }[];
      const german = /\{\{- if eq \$lang "de" -\}\}\n([^\n]+)\n/.exec(
        kratosFiles().emailTemplates.recovery_code?.valid?.subject ?? "",
      )?.[1];
      t.ok(german, "the template has a German subject");
      t.same(
        messages.map(({ subject, template_type }) => ({ subject, template_type })),
        [{ subject: german, template_type: "recovery_code_valid" }],
        "the mail is the template's, in the account's language",
      );
      t.match(messages[0]?.body, /\n-- \nRechen<b>werk<\/b>\nHilfe: hilfe@example\.org$/, "signed with the brand of the values");

      // The providers from the Secret, through Kratos' environment: a button each on the sign-in page.
      const browserFlow = (await (
        await fetch(`${publicUrl}/self-service/login/browser`, { headers: { accept: "application/json" } })
      ).json()) as {
        ui: { nodes: { group: string; attributes: { name?: string; value?: unknown } }[] };
      };
      t.same(
        browserFlow.ui.nodes
          .filter((node) => node.group === "oidc" && node.attributes.name === "provider")
          .map((node) => node.attributes.value)
          .sort(),
        siteProviders.map((provider) => provider.id).sort(),
        "Kratos offers the site's providers (in an order of its own)",
      );
    } catch (error) {
      t.comment(supervisor.recentOutput());
      throw error;
    }
  },
);
