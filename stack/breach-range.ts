// The breach range service for `npm start` and the test stacks
// (server/src/breach-range.ts, through tsx): Kratos' breach check asks it, over
// HTTPS, instead of api.pwnedpasswords.com. Its file is made at start from the
// tests' list (stack/breached-passwords.txt), or is the operator's
// (BREACH_RANGE_FILE, made by npm run breach-range-file from the full dataset).
// Its certificate is signed by an authority of the data folder's own (made
// with openssl once), which Kratos trusts through SSL_CERT_DIR: Go reads
// every file of those folders beside the system's bundle.
import { existsSync, mkdirSync, readFileSync } from "node:fs";
import { request } from "node:https";
import { join } from "node:path";
import type { ConfigTree } from "./config-tree.js";
import { passwordHashLines, writeRangeFile } from "../server/src/breach-range/range-file.js";
import { rootDir, type StackSettings } from "./settings.js";
import type { Supervisor } from "./supervisor.js";

/** The tests' breached passwords: each is refused by Kratos in the stacks. */
export const testPasswordsFile = join(rootDir, "stack", "breached-passwords.txt");

export const readTestPasswords = (): string[] => readFileSync(testPasswordsFile, "utf8").split(/\r?\n/).filter(Boolean);

const folder = (settings: StackSettings) => join(settings.dataDir, "breach-range");
/** The folder Kratos reads as SSL_CERT_DIR: only the local authority's certificate. */
export const breachTrustDir = (settings: StackSettings) => join(folder(settings), "trust");

/** Kratos' breach check pointed at the local service; a password it cannot check is refused (fail closed). */
export function breachCheckConfig(settings: StackSettings): ConfigTree {
  return {
    selfservice: {
      methods: {
        password: {
          config: {
            haveibeenpwned_enabled: true,
            haveibeenpwned_host: `127.0.0.1:${settings.breachRange.port}`,
            ignore_network_errors: false,
          },
        },
      },
    },
  };
}

/** A local authority and a certificate for 127.0.0.1 signed by it, made once per data folder. */
export async function makeBreachCertificates(supervisor: Supervisor, dir: string): Promise<{ cert: string; key: string; ca: string }> {
  const tls = join(dir, "tls");
  const trust = join(dir, "trust");
  const files = { ca: join(trust, "local-ca.pem"), cert: join(tls, "cert.pem"), key: join(tls, "key.pem") };
  if (existsSync(files.ca) && existsSync(files.cert) && existsSync(files.key)) return files;
  mkdirSync(tls, { recursive: true, mode: 0o700 });
  mkdirSync(trust, { recursive: true });
  const caKey = join(tls, "ca-key.pem");
  const openssl = (args: string[]) => supervisor.run("breach-range", "openssl", args, { quiet: true });
  const ec = ["req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-noenc", "-days", "3650"];
  const authority = ["-subj", "/CN=account-portal local breach range authority"];
  await openssl([
    ...ec,
    ...authority,
    "-addext",
    "basicConstraints=critical,CA:TRUE",
    "-addext",
    "keyUsage=critical,keyCertSign",
    "-keyout",
    caKey,
    "-out",
    files.ca,
  ]);
  await openssl([
    ...ec,
    "-subj",
    "/CN=127.0.0.1",
    "-addext",
    "subjectAltName=IP:127.0.0.1,DNS:localhost",
    "-addext",
    "basicConstraints=CA:FALSE",
    "-addext",
    "extendedKeyUsage=serverAuth",
    "-CA",
    files.ca,
    "-CAkey",
    caKey,
    "-keyout",
    files.key,
    "-out",
    files.cert,
  ]);
  return files;
}

export async function startBreachRange(supervisor: Supervisor, settings: StackSettings): Promise<string> {
  const dir = folder(settings);
  const { cert, key, ca } = await makeBreachCertificates(supervisor, dir);
  let file = settings.breachRange.file;
  if (!file) {
    file = join(dir, "test-passwords.range");
    await writeRangeFile(passwordHashLines(readTestPasswords()), file);
  }
  const { port } = settings.breachRange;
  supervisor.start("breach-range", process.execPath, ["--import", "tsx", join(rootDir, "server", "src", "breach-range.ts")], {
    env: {
      PATH: process.env.PATH,
      BREACH_RANGE_FILE: file,
      BREACH_RANGE_TLS_CERT: cert,
      BREACH_RANGE_TLS_KEY: key,
      BREACH_RANGE_HOST: "127.0.0.1",
      BREACH_RANGE_PORT: String(port),
    },
  });
  const url = `https://127.0.0.1:${port}`;
  const authority = readFileSync(ca);
  await supervisor.waitUntil(
    "breach-range",
    `the breach range service at ${url}`,
    () => answersOverTls(`${url}/healthz`, authority),
    30_000,
  );
  return url;
}

function answersOverTls(url: string, ca: Buffer): Promise<true | string> {
  return new Promise((resolve) => {
    const ask = request(url, { ca, timeout: 2000 }, (response) => {
      response.resume();
      resolve(response.statusCode === 200 ? true : `status ${response.statusCode}`);
    });
    ask.on("timeout", () => ask.destroy(new Error("no answer in 2s")));
    ask.on("error", (error) => {
      resolve(error.message);
    });
    ask.end();
  });
}
