import { mkdirSync, writeFileSync } from "node:fs";
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from "node:zlib";
import { join } from "node:path";
import t from "tap";
import { build, fakeWebRoot } from "../helpers/build.js";

t.test("the SPA is served with a client-side-routing fallback", async (t) => {
  const app = await build(t);

  const home = await app.inject("/?from=bookmark");
  t.same([home.statusCode, home.headers.location], [302, "/settings"], "the home page opens Account Settings");

  // A deep link below a page that has none is no page: the app shows "not found" there, and the answer says so.
  for (const [route, status] of [
    ["/settings", 200],
    ["/settings/devices", 200],
    ["/login?aal=aal2", 200],
    ["/manage-clients/some/deep/link", 404],
  ] as const) {
    const page = await app.inject(route);
    t.equal(page.statusCode, status, `${route} gets index.html with ${status}`);
    t.match(page.body, /<div id="root">/, `${route} gets index.html`);
    t.equal(
      page.headers["cache-control"],
      "no-store",
      "the page holds this browser's start-up data: never stored, and a deploy shows at once",
    );
  }
});

t.test("assets are served, and a missing asset is a 404, not index.html", async (t) => {
  const app = await build(t);

  const asset = await app.inject("/assets/index-abc123.js");
  t.equal(asset.statusCode, 200);
  t.equal(asset.body, "console.log('spa')");
  t.match(asset.headers["cache-control"], /immutable/, "hashed assets are cached for good");

  // favicon.svg is there, beside index.html: only assets/ is served.
  for (const missing of ["/assets/index-gone.js", "/favicon.ico", "/favicon.svg", "/logo.png"]) {
    const response = await app.inject(missing);
    t.equal(response.statusCode, 404, missing);
    t.notMatch(response.body, /<div id="root">/, `${missing} does not get index.html`);
  }
});

t.test("assets go out in the encoding the browser accepts, from the copies the build made", async (t) => {
  const webRoot = fakeWebRoot(t);
  const script = "console.log('spa');".repeat(200);
  const file = join(webRoot, "assets", "index-big789.js");
  writeFileSync(file, script);
  writeFileSync(`${file}.br`, brotliCompressSync(script));
  writeFileSync(`${file}.gz`, gzipSync(script));
  const app = await build(t, { WEB_ROOT: webRoot });
  const get = (encoding?: string) =>
    app.inject({ url: "/assets/index-big789.js", headers: encoding ? { "accept-encoding": encoding } : {} });

  const br = await get("gzip, deflate, br");
  t.equal(br.headers["content-encoding"], "br");
  t.match(br.headers.vary, /accept-encoding/i, "caches keep the encodings apart");
  t.match(br.headers["cache-control"], /immutable/);
  t.equal(brotliDecompressSync(br.rawPayload).toString(), script);
  t.ok(br.rawPayload.length < script.length / 10, "what goes out is the compressed copy");

  const gzip = await get("gzip");
  t.equal(gzip.headers["content-encoding"], "gzip");
  t.equal(gunzipSync(gzip.rawPayload).toString(), script);

  const plain = await get();
  t.equal(plain.headers["content-encoding"], undefined);
  t.equal(plain.body, script);
});

t.test("an unknown /api path answers a JSON 404", async (t) => {
  const app = await build(t);
  for (const method of ["GET", "POST"] as const) {
    const response = await app.inject({ method, url: "/api/unknown?x=1" });
    t.equal(response.statusCode, 404);
    t.match(response.headers["content-type"], /application\/json/);
    t.same(response.json(), { code: "not_found" });
  }
});

t.test("GET /config.json is the SPA's runtime configuration, from the server's", async (t) => {
  const app = await build(t, { PORTAL_ORIGIN: "https://account.example.org" });
  const response = await app.inject("/config.json");
  t.equal(response.statusCode, 200);
  t.same(response.json(), { KRATOS_PUBLIC_URL: "https://account.example.org/kratos" });
});

t.test("GET /healthz answers while the process lives", async (t) => {
  const app = await build(t);
  const response = await app.inject("/healthz");
  t.equal(response.statusCode, 200);
  t.same(response.json(), { status: "ok" });
});

t.test("a rebuilt SPA is served without restarting the server", async (t) => {
  const webRoot = fakeWebRoot(t);
  const app = await build(t, { WEB_ROOT: webRoot });
  writeFileSync(join(webRoot, "assets", "index-new456.js"), "console.log('rebuilt')");
  const response = await app.inject("/assets/index-new456.js");
  t.equal(response.statusCode, 200);
  t.equal(response.body, "console.log('rebuilt')");
});

t.test("the server's own parts of the build are never served: its render, Vite's manifest, the bare page", async (t) => {
  const webRoot = fakeWebRoot(t);
  mkdirSync(join(webRoot, "ssr"));
  writeFileSync(
    join(webRoot, "ssr", "entry-server.js"),
    "export const render = async () => undefined; export const preloadSources = () => [];",
  );
  mkdirSync(join(webRoot, ".vite"));
  writeFileSync(join(webRoot, ".vite", "manifest.json"), "{}");
  const app = await build(t, { WEB_ROOT: webRoot });
  for (const path of ["/ssr/entry-server.js", "/.vite/manifest.json", "/index.html"]) {
    const response = await app.inject(path);
    t.equal(response.statusCode, 404, path);
    t.notMatch(response.body, /render|\{\}|<div id="root">/, `${path} is not in the answer`);
  }
});
