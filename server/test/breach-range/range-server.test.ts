import { once } from "node:events";
import { createHash } from "node:crypto";
import { mkdtempSync, readFileSync } from "node:fs";
import { request } from "node:https";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import t, { type Test } from "tap";
import { openRangeFile, passwordHashLines, writeRangeFile } from "../../src/breach-range/range-file.js";
import { createRangeServer } from "../../src/breach-range/range-server.js";
import { makeBreachCertificates, readTestPasswords } from "../../../stack/breach-range.js";
import { Supervisor } from "../../../stack/supervisor.js";

interface Answer {
  status: number;
  body: string;
  headers: Record<string, string | string[] | undefined>;
}

async function start(t: Test) {
  const dir = mkdtempSync(join(tmpdir(), "breach-range-server-"));
  const tls = await makeBreachCertificates(new Supervisor({ echo: false }), dir);
  const file = join(dir, "range");
  await writeRangeFile(passwordHashLines(readTestPasswords()), file);
  const range = await openRangeFile(file);
  const server = createRangeServer({ file: range, cert: readFileSync(tls.cert), key: readFileSync(tls.key) });
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  t.teardown(async () => {
    server.close();
    await range.close();
  });
  const { port } = server.address() as AddressInfo;
  const ca = readFileSync(tls.ca);
  const ask = (path: string, method = "GET", trusted = true) =>
    new Promise<Answer>((resolve, reject) => {
      const sent = request({ host: "127.0.0.1", port, path, method, ...(trusted ? { ca } : {}) }, (response) => {
        let body = "";
        response.setEncoding("utf8");
        response.on("data", (chunk: string) => (body += chunk));
        response.on("end", () => {
          resolve({ status: response.statusCode ?? 0, body, headers: response.headers });
        });
      });
      sent.on("error", reject);
      sent.end();
    });
  return { ask };
}

t.test("a breached password's range holds its suffix; another password's does not", async (t) => {
  const { ask } = await start(t);
  const hash = createHash("sha1").update("sunshine1").digest("hex").toUpperCase();
  const answer = await ask(`/range/${hash.slice(0, 5)}`);
  t.equal(answer.status, 200);
  t.equal(answer.headers["content-type"], "text/plain; charset=utf-8");
  t.ok(answer.body.split("\r\n").includes(`${hash.slice(5)}:1`), "the suffix and its count, as Kratos reads them");

  const unknown = createHash("sha1").update(`not-in-the-list-${Date.now()}`).digest("hex").toUpperCase();
  const other = await ask(`/range/${unknown.slice(0, 5).toLowerCase()}`);
  t.equal(other.status, 200);
  t.notOk(other.body.includes(unknown.slice(5)));
});

t.test("anything but a range or the health check is refused", async (t) => {
  const { ask } = await start(t);
  t.equal((await ask("/healthz")).status, 200);
  for (const path of ["/range/ABCD", "/range/ABCDEF", "/range/GGGGG", "/range/../etc", "/", "/range/"]) {
    t.equal((await ask(path)).status, 404, path);
  }
  const post = await ask("/range/ABCDE", "POST");
  t.equal(post.status, 405);
  t.equal(post.headers.allow, "GET, HEAD");
});

t.test("only over TLS, with a certificate its authority signed", async (t) => {
  const { ask } = await start(t);
  await t.rejects(ask("/healthz", "GET", false), { code: "UNABLE_TO_VERIFY_LEAF_SIGNATURE" }, "unknown to a client without the authority");
});
