// The local stack's settings for Hydra: its own database file, a system
// secret generated once per data folder and kept, and overrides by variable.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import t, { type Test } from "tap";
import { hydraRuntimeConfig } from "./hydra.js";
import { runtimeConfig } from "./kratos.js";
import { readSettings } from "./settings.js";

function dataDir(t: Test): string {
  const dir = mkdtempSync(join(tmpdir(), "portal-settings-"));
  t.teardown(() => {
    rmSync(dir, { recursive: true, force: true });
  });
  return dir;
}

t.test("Hydra keeps its system secret per data folder, in a database of its own", async (t) => {
  const dir = dataDir(t);
  const first = readSettings({ DATA_DIR: dir });
  t.equal(first.hydra.secrets.system.length, 1);
  t.ok(first.hydra.secrets.system[0].length >= 16, "long enough for Hydra's schema");
  t.same(readSettings({ DATA_DIR: dir }).hydra.secrets.system, first.hydra.secrets.system, "the same on the next start");
  t.same(JSON.parse(readFileSync(join(dir, "hydra", "secrets.json"), "utf8")).system, first.hydra.secrets.system);
  t.not(readSettings({ DATA_DIR: dataDir(t) }).hydra.secrets.system[0], first.hydra.secrets.system[0], "another folder, another secret");
  t.match(first.hydra.dsn, new RegExp(`^sqlite://${dir}/hydra/hydra\\.sqlite\\?`));
  t.not(first.hydra.dsn, first.kratos.dsn);
});

t.test("variables override Hydra's settings, and a short secret is refused by name", async (t) => {
  const settings = readSettings({
    DATA_DIR: dataDir(t),
    HYDRA_SECRETS_SYSTEM: "0123456789abcdef-new, 0123456789abcdef-old",
    HYDRA_PUBLIC_PORT: "5444",
    HYDRA_ADMIN_PORT: "5445",
    HYDRA_DSN: "postgres://hydra@db/hydra",
    PORTAL_ORIGIN: "https://account.example.org",
  });
  t.same(settings.hydra.secrets.system, ["0123456789abcdef-new", "0123456789abcdef-old"]);
  t.equal(settings.hydra.dsn, "postgres://hydra@db/hydra");
  t.throws(() => readSettings({ DATA_DIR: dataDir(t), HYDRA_SECRETS_SYSTEM: "short" }), {
    name: "ConfigError",
    message: /^HYDRA_SECRETS_SYSTEM takes comma-separated secrets of at least 16 characters/,
  });
  t.throws(() => readSettings({ DATA_DIR: dataDir(t), HYDRA_ADMIN_PORT: "0" }), { message: /^HYDRA_ADMIN_PORT must be a port/ });

  const hydra = hydraRuntimeConfig(settings) as { serve: object; urls: Record<string, unknown> };
  t.match(hydra.serve, { public: { host: "127.0.0.1", port: 5444 }, admin: { host: "127.0.0.1", port: 5445 } });
  t.match(hydra.urls, {
    self: { issuer: "http://localhost:5444" },
    login: "https://account.example.org/login",
    consent: "https://account.example.org/consent",
    logout: "https://account.example.org/logout",
    error: "https://account.example.org/error",
    identity_provider: { url: `http://127.0.0.1:${settings.kratos.adminPort}` },
  });
  t.match(runtimeConfig(settings), { oauth2_provider: { url: "http://127.0.0.1:5445" } }, "Kratos finds Hydra's admin API");
});

t.test("KRATOS_MAIL_FROM_NAME names the sender of Kratos' code mails; without it, kratos.yml's stays", async (t) => {
  const named = readSettings({ DATA_DIR: dataDir(t), KRATOS_MAIL_FROM_NAME: "Rechenwerk" });
  t.match(runtimeConfig(named), { courier: { smtp: { from_name: "Rechenwerk" } } });
  const plain = runtimeConfig(readSettings({ DATA_DIR: dataDir(t) })) as { courier: { smtp: Record<string, unknown> } };
  t.notOk("from_name" in plain.courier.smtp);
});

t.test("Kratos' code mails take the portal's product names and support contact, refused as the portal refuses them", async (t) => {
  const dir = dataDir(t);
  const texts = join(dir, "texts.json");
  writeFileSync(texts, JSON.stringify({ en: { productName: "Rechenwerk" }, ja: { productName: "計算機" } }));
  const settings = readSettings({ DATA_DIR: dir, OPERATOR_TEXTS_FILE: texts, BRAND_SUPPORT: "https://help.example.org/" });
  t.same(settings.kratos.mailBrand, {
    productNames: {
      en: "Rechenwerk",
      de: "Rechenwerk",
      fr: "Rechenwerk",
      es: "Rechenwerk",
      "pt-BR": "Rechenwerk",
      ja: "計算機",
      ar: "Rechenwerk",
    },
    support: { text: "https://help.example.org", link: "https://help.example.org" },
  });
  t.match(
    runtimeConfig(settings),
    { courier: { template_override_path: join(dir, "kratos", "courier-templates") } },
    "the data folder's copy",
  );
  t.same(readSettings({ DATA_DIR: dir }).kratos.mailBrand, { productNames: {}, support: undefined }, "none configured");

  writeFileSync(texts, JSON.stringify({ en: { title: "x" } }));
  t.throws(() => readSettings({ DATA_DIR: dir, OPERATOR_TEXTS_FILE: texts }), {
    name: "ConfigError",
    message: /^OPERATOR_TEXTS_FILE: "en" has a key "title"/,
  });
  t.throws(() => readSettings({ DATA_DIR: dir, BRAND_SUPPORT: "call us" }), {
    name: "ConfigError",
    message: /^BRAND_SUPPORT must be a mail address/,
  });
});

t.test("the English product name is Kratos' TOTP issuer and passkey name; without one, kratos.yml's Account stays", async (t) => {
  const dir = dataDir(t);
  const texts = join(dir, "texts.json");
  writeFileSync(texts, JSON.stringify({ en: { productName: "Rechenwerk" }, ja: { productName: "計算機" } }));
  t.match(runtimeConfig(readSettings({ DATA_DIR: dir, OPERATOR_TEXTS_FILE: texts })), {
    selfservice: {
      methods: {
        totp: { config: { issuer: "Rechenwerk" } },
        webauthn: { config: { rp: { display_name: "Rechenwerk", id: "localhost", origins: ["http://localhost:3000"] } } },
        passkey: { config: { rp: { display_name: "Rechenwerk", id: "localhost", origins: ["http://localhost:3000"] } } },
      },
    },
  });
  const plain = runtimeConfig(readSettings({ DATA_DIR: dir })) as { selfservice: { methods: Record<string, { config?: object }> } };
  t.notOk("totp" in plain.selfservice.methods, "kratos.yml's issuer stays");
  t.same(
    plain.selfservice.methods.passkey?.config,
    { rp: { id: "localhost", origins: ["http://localhost:3000"] } },
    "and its passkey name",
  );
});
