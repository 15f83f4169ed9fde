import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import t, { type Test } from "tap";
import { ConfigError } from "#contract/env-values.js";
import { readConfig } from "../src/config.js";
import { freePort } from "../../stack/supervisor.js";
import { build, fakeWebRoot } from "./helpers/build.js";

const folder = mkdtempSync(join(tmpdir(), "branding-"));
function file(name: string, content: string | Buffer): string {
  const path = join(folder, name);
  writeFileSync(path, content);
  return path;
}

const svg =
  '<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><script>alert(1)</script><rect width="10" height="10"/></svg>';
const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(32)]);
const refuses = (t: Test) => (env: Record<string, string>, message: RegExp) =>
  t.throws(() => readConfig(env), { name: ConfigError.name, message });

t.test("without branding the portal is as it was: nothing served, nothing told, no stylesheet", async (t) => {
  const config = readConfig({});
  t.same(config.branding.public, {});
  t.same(config.branding.files, []);
  const app = await build(t, {});
  t.notOk("BRANDING" in (await app.inject("/config.json")).json());
});

t.test("a primary colour that fails WCAG AA refuses to start, naming the pair and the ratio", async (t) => {
  const refused = refuses(t);
  refused(
    { BRAND_PRIMARY_COLOR: "#7fb2ff" },
    /BRAND_PRIMARY_COLOR: the buttons' white text on the primary colour \(both themes\): #ffffff on #7fb2ff has a contrast of 2\.\d\d:1, below WCAG AA's 4\.5:1/,
  );
  refused({ BRAND_PRIMARY_COLOR: "#ffffff" }, /#ffffff on #ffffff has a contrast of 1\.00:1/);
  refused(
    { BRAND_PRIMARY_COLOR: "#3d0a0a", BRAND_PRIMARY_COLOR_DARK: "#555555" },
    /BRAND_PRIMARY_COLOR_DARK: links and text on the dark theme's background: #555555 on #212529 has a contrast of 2\.\d\d:1/,
  );
  refused({ BRAND_PRIMARY_COLOR: "blue" }, /BRAND_PRIMARY_COLOR must be a colour in hex/);
  refused({ BRAND_PRIMARY_COLOR_DARK: "#eeeeee" }, /BRAND_PRIMARY_COLOR_DARK needs BRAND_PRIMARY_COLOR/);
  t.ok(
    readConfig({ BRAND_PRIMARY_COLOR: "#3d0a0a", BRAND_PRIMARY_COLOR_DARK: "#f0b0b0" }).branding.stylesheet,
    "its own dark colour passes",
  );
  // Dark enough for white text: the dark theme's links are a tint of it light enough to read.
  t.match(
    readConfig({ BRAND_PRIMARY_COLOR: "#3d0a0a" }).branding.files[0]?.body.toString(),
    /\[data-bs-theme="dark"\] \{\n {2}--bs-primary: #3d0a0a;\n.*\n.*\n.*\n.*\n {2}--bs-link-color: #9e8585;/,
  );
  t.ok(readConfig({ BRAND_PRIMARY_COLOR: "#0d6efd" }).branding.stylesheet, "Bootstrap's own blue passes");
});

t.test("a logo that is not an SVG, PNG or WebP, or too large, refuses to start", async (t) => {
  const refused = refuses(t);
  refused({ BRAND_LOGO: file("logo.gif", "GIF89a.....") }, /BRAND_LOGO: .*logo\.gif is not an SVG, PNG or WebP image/);
  refused({ BRAND_MARK: file("page.svg", "<html><svg></svg></html>") }, /BRAND_MARK: .* is not an SVG, PNG or WebP image/);
  refused(
    { BRAND_LOGO: file("huge.png", Buffer.concat([png, Buffer.alloc(300_000)])) },
    /BRAND_LOGO: .*huge\.png is 300040 bytes, more than 262144/,
  );
  refused({ BRAND_LOGO: join(folder, "missing.svg") }, /BRAND_LOGO: cannot read .* \(ENOENT\)/);
  refused({ BRAND_LOGO_DARK: file("dark.svg", svg) }, /BRAND_LOGO_DARK needs BRAND_LOGO/);
  refused({ BRAND_SUPPORT: "javascript:alert(1)" }, /BRAND_SUPPORT must be a mail address .* or an http\(s\) URL/);
});

t.test("the images and colours are served from the portal's origin, hashed, kept a year, an SVG sandboxed", async (t) => {
  const env = {
    BRAND_LOGO: file("logo.svg", svg),
    BRAND_MARK: file("mark.png", png),
    BRAND_MARK_DARK: file("mark-dark.svg", svg.replace("rect", "circle")),
    BRAND_PRIMARY_COLOR: "#7a1f5c",
    BRAND_SUPPORT: "help@example.org",
  };
  const branding = readConfig(env).branding.public;
  t.match(branding, {
    logo: { light: /^\/branding\/logo-light\.[0-9a-f]{16}\.svg$/ },
    mark: { light: /^\/branding\/mark-light\.[0-9a-f]{16}\.png$/, dark: /^\/branding\/mark-dark\.[0-9a-f]{16}\.svg$/ },
    supportEmail: "help@example.org",
  });
  t.notOk(branding.logo?.dark);

  const app = await build(t, { ...env, WEB_ROOT: fakeWebRoot(t), KRATOS_PUBLIC_URL: `http://127.0.0.1:${await freePort()}` });
  t.same((await app.inject("/config.json")).json().BRANDING, branding, "the app is told");

  const logo = await app.inject(branding.logo?.light ?? "");
  t.equal(logo.statusCode, 200);
  t.equal(logo.body, svg);
  t.equal(logo.headers["content-type"], "image/svg+xml");
  t.equal(logo.headers["cache-control"], "public, max-age=31536000, immutable");
  t.equal(logo.headers["content-security-policy"], "default-src 'none'; sandbox", "a scripted SVG opened on its own runs nothing");
  t.equal(logo.headers["x-content-type-options"], "nosniff");

  const mark = await app.inject(branding.mark?.light ?? "");
  t.equal(mark.headers["content-type"], "image/png");
  t.same(mark.rawPayload, png);
  t.notMatch(mark.headers["content-security-policy"], /sandbox/, "a PNG keeps the portal's policy");

  const stale = await app.inject("/branding/logo-light.0000000000000000.svg");
  t.equal(stale.statusCode, 404, "another hash is not served");

  const page = await app.inject("/login");
  const stylesheet = /<link rel="stylesheet" href="(\/branding\/colors\.[0-9a-f]{16}\.css)">/.exec(page.body)?.[1];
  t.ok(stylesheet, "every page links the colours' stylesheet");
  const css = await app.inject(stylesheet ?? "");
  t.equal(css.headers["content-type"], "text/css; charset=utf-8");
  t.equal(css.headers["cache-control"], "public, max-age=31536000, immutable");
  t.match(css.body, /--bs-primary: #7a1f5c;/);
  t.match(css.body, /\.btn-primary \{\n {2}--bs-btn-bg: #7a1f5c;/);
});
