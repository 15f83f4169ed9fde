// `npm run dev`'s server (dev-server.ts): the app from its sources through
// Vite's dev server, its pages rendered by the server as the image renders
// them, under the same CSP, with nothing inline for the CSP to refuse.
import t from "tap";
import { viteWeb } from "../../src/web/dev-web.js";
import { build } from "../helpers/build.js";
import { useKratos } from "../helpers/kratos.js";

t.test("npm run dev's server renders /login from the sources, with Vite's client and the image's CSP", async (t) => {
  const kratos = await useKratos(t);
  const app = await build(t, kratos.env, undefined, { web: viteWeb });

  const page = await app.inject("/login");
  t.equal(page.statusCode, 200);
  t.match(page.body, /<div id="root"><div class="public-page">/, "the server rendered the page");
  t.match(page.body, />Sign in<\/h1>/);
  t.match(
    page.body,
    new RegExp(`<form[^>]*action="${kratos.env.PORTAL_ORIGIN}/kratos/self-service/login\\?flow=`),
    "its form posts to Kratos",
  );
  t.match(page.body, /<script type="module" src="\/@vite\/client"><\/script>/, "Vite's client, for hot updates");
  t.match(page.body, /<script type="module" src="\/src\/boot\.ts"><\/script>/, "the app from its sources");
  t.notMatch(
    page.body,
    /<script(?![^>]*\bsrc=)(?![^>]*type="application\/json")[^>]*>/,
    "no inline script: React Refresh's preamble is a file",
  );
  const imageCsp = await build(t, kratos.env).then((image) => image.inject("/login"));
  t.equal(page.headers["content-security-policy"], imageCsp.headers["content-security-policy"], "the image's CSP");

  // An address that is no page's: the app's "not found" page, rendered in the visitor's language, with a 404.
  const missing = await app.inject({ url: "/no-such-page", headers: { "accept-language": "de" } });
  t.equal(missing.statusCode, 404);
  t.match(missing.body, /<html lang="de" dir="ltr">/);
  t.match(missing.body, /<div id="root"><div class="public-page">/, "rendered by the server, on its own for a signed-out visitor");
  t.match(missing.body, />Seite nicht gefunden<\/h1>/);
  t.match(missing.body, />Unter dieser Adresse gibt es keine Seite\.<\/p>/);

  const preamble = /<script type="module" src="(\/@id\/[^"]+)">/.exec(page.body)?.[1];
  t.ok(preamble, "React Refresh's preamble as a module file");
  const preambleFile = await app.inject(preamble ?? "/");
  t.equal(preambleFile.statusCode, 200);
  t.match(preambleFile.body, /injectIntoGlobalHook/);

  // A stylesheet comes as Vite's compiled CSS, for the <link> that replaces Vite's <style> element.
  const stylesheet = await app.inject("/src/app/app.scss?direct");
  t.equal(stylesheet.statusCode, 200);
  t.match(stylesheet.headers["content-type"], /text\/css/);
  const module = await app.inject("/src/app/app.scss");
  t.match(module.body, /createElement\("link"\)|createElement\('link'\)/, "the module links the stylesheet");
  t.notMatch(module.body, /updateStyle/, "instead of Vite's <style> element");
});
