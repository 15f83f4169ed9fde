import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import t from "tap";
import { ConfigError } from "#contract/env-values.js";
import { readConfig } from "../src/config.js";
import { freePort } from "../../stack/supervisor.js";
import { build } from "./helpers/build.js";

const folder = mkdtempSync(join(tmpdir(), "operator-texts-"));
function file(name: string, content: string): string {
  const path = join(folder, name);
  writeFileSync(path, content);
  return path;
}

const texts = { de: { "traits.company": "Firma", "traits.department.sales": "Vertrieb" } };

t.test("the operator's texts are read once and reach the app with its configuration", async (t) => {
  const path = file("texts.json", JSON.stringify(texts));
  t.same(readConfig({ OPERATOR_TEXTS_FILE: path }).operatorTexts, texts);
  t.same(readConfig({}).operatorTexts, {}, "none unless named");

  const app = await build(t, { OPERATOR_TEXTS_FILE: path });
  t.same((await app.inject("/config.json")).json(), { KRATOS_PUBLIC_URL: "http://localhost:3000/kratos", OPERATOR_TEXTS: texts });
});

t.test("a file that is not what it should be stops the start with its variable named", async (t) => {
  const refused = (content: string, message: RegExp) =>
    t.throws(() => readConfig({ OPERATOR_TEXTS_FILE: file(`bad-${Math.random()}.json`, content) }), { name: ConfigError.name, message });
  refused("{", /OPERATOR_TEXTS_FILE: .* is not JSON/);
  refused("[]", /must be an object of languages/);
  refused(JSON.stringify({ klingon: { "traits.company": "x" } }), /"klingon" is not one of the portal's languages/);
  refused(JSON.stringify({ de: { "auth.login.title": "x" } }), /neither productName nor a trait/);
  refused(JSON.stringify({ de: { "traits.company": 7 } }), /must be a text of 1 to 200 characters/);
  refused(JSON.stringify({ de: { "traits.company": "x".repeat(70_000) } }), /larger than 65536 bytes/);
  t.throws(() => readConfig({ OPERATOR_TEXTS_FILE: join(folder, "missing.json") }), { message: /cannot read .* \(ENOENT\)/ });
});

t.test("the operator's product name is the page's title in its language, as text", async (t) => {
  const path = file("named.json", JSON.stringify({ de: { productName: "Rechenwerk <Konto> & Co" } }));
  // A build's index.html: the title in its <head>.
  const webRoot = join(folder, "web");
  mkdirSync(join(webRoot, "assets"), { recursive: true });
  writeFileSync(
    join(webRoot, "index.html"),
    '<!doctype html><html lang="en"><head><title>Account</title></head><body><div id="root"></div></body></html>',
  );
  const app = await build(t, { OPERATOR_TEXTS_FILE: path, WEB_ROOT: webRoot, KRATOS_PUBLIC_URL: `http://127.0.0.1:${await freePort()}` });
  const german = await app.inject({ url: "/login", headers: { "accept-language": "de" } });
  t.match(german.body, "<title>Rechenwerk &lt;Konto&gt; &amp; Co</title>");
  const english = await app.inject({ url: "/login", headers: { "accept-language": "en" } });
  t.match(english.body, "<title>Account</title>", "a language without one keeps the portal's");
});
