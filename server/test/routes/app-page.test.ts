// The app page: index.html with the answers the app's first requests would
// get, so that the sign-in form needs no round trip (routes/app-page.ts).
import { mkdirSync, writeFileSync } from "node:fs";
import { createServer, type Socket } from "node:net";
import { join } from "node:path";
import { brotliDecompressSync } from "node:zlib";
import t from "tap";
import type { LightMyRequestResponse } from "fastify";
import { createIdentity } from "../../../testing/identities.js";
import { freePort } from "../../../stack/supervisor.js";
import { apiReads } from "#contract/boot.js";
import type { BootData } from "#contract/schemas/app-page.js";
import type { MySessions } from "#contract/schemas/users.js";
import { build, fakeWebRoot } from "../helpers/build.js";
import { Browser } from "../helpers/browser.js";
import { useKratos } from "../helpers/kratos.js";
import type { Flow } from "../../../testing/kratos-browser.js";

const bootScript = /<script type="application\/json" id="portal-boot">(.*?)<\/script>/s;

/** The start-up data as the app reads it: the element's text, parsed. */
function bootData(page: LightMyRequestResponse): BootData {
  const match = bootScript.exec(page.body);
  if (!match?.[1]) throw new Error(`no start-up data in ${page.body.slice(0, 200)}`);
  return JSON.parse(match[1]) as BootData;
}

t.test("with Kratos up", async (t) => {
  const kratos = await useKratos(t);
  const app = await build(t, kratos.env);

  t.test("/login comes with the configuration, a signed-out session check and a usable flow", async (t) => {
    const browser = new Browser(app);
    const page = await browser.request("GET", "/login");
    t.equal(page.statusCode, 200);
    t.match(page.headers["content-type"], /text\/html/);
    t.equal(page.headers["cache-control"], "no-store", "it holds a flow and a session answer");
    t.match(
      page.body,
      /<div id="root"><\/div><script type="application\/json" id="portal-boot">/,
      "after the app's root, where the app reads it",
    );

    const boot = bootData(page);
    t.same(boot.config, { KRATOS_PUBLIC_URL: `${kratos.env.PORTAL_ORIGIN}/kratos` });
    t.same(boot.session, { status: 401, body: { code: "not_signed_in" } });
    t.equal(boot.flow?.kind, "login");
    t.same(boot.flow?.query, {});

    const user = await createIdentity(kratos.adminUrl);
    const signedIn = await browser.submit("login", boot.flow?.flow as Flow, {
      method: "password",
      identifier: user.email,
      password: user.password,
    });
    t.equal(signedIn.statusCode, 200, "the flow and its anti-CSRF cookie from the page sign the user in");
  });

  t.test("the flow takes the query the app would pass on, and nothing else", async (t) => {
    const returnTo = `${kratos.env.PORTAL_ORIGIN}/settings`;
    const page = await app.inject(`/login?return_to=${encodeURIComponent(returnTo)}&refresh=false&evil=1`);
    const boot = bootData(page);
    t.same(boot.flow?.query, { return_to: returnTo, refresh: "false" });
    t.equal((boot.flow?.flow as { return_to?: string }).return_to, returnTo, "Kratos started it with that query");
  });

  t.test("a return_to that Kratos would read otherwise than the browser is not handed to Kratos", async (t) => {
    // Kratos' allow list reads `http:\\evil.example/` as a path on the portal; the browser goes to evil.example.
    for (const returnTo of ["http:\\\\evil.example/", "http:\\/evil.example/", "/settings\t"]) {
      const boot = bootData(await app.inject(`/login?return_to=${encodeURIComponent(returnTo)}`));
      t.equal(boot.flow?.kind, "login", returnTo);
      t.notOk((boot.flow?.flow as { return_to?: string }).return_to, `the flow goes back to the portal: ${returnTo}`);
    }
  });

  t.test("/registration, /recovery and /verification come with theirs; a page with ?flow= and other pages with none", async (t) => {
    t.equal(bootData(await app.inject("/registration")).flow?.kind, "registration");
    t.equal(bootData(await app.inject("/recovery")).flow?.kind, "recovery");
    t.equal(bootData(await app.inject("/verification")).flow?.kind, "verification");
    for (const url of ["/login?flow=6c5e8f0a-0000-4000-8000-000000000000", "/settings", "/changepwd", "/manage-clients"]) {
      const boot = bootData(await app.inject(url));
      t.equal(boot.flow, undefined, url);
      t.ok(boot.config, `${url} has the configuration`);
    }
  });

  t.test("/login?flow= comes with that flow, where Kratos sends a browser after a form it posted itself", async (t) => {
    const browser = new Browser(app);
    const started = bootData(await browser.request("GET", "/login"));
    const id = (started.flow?.flow as { id: string }).id;
    const again = bootData(await browser.request("GET", `/login?flow=${id}`));
    t.equal(again.flow?.kind, "login");
    t.equal(again.flow?.id, id);
    t.equal((again.flow?.flow as { id: string }).id, id);
  });

  t.test("the app's render goes into the root with its state; a render that fails leaves the page to the browser", async (t) => {
    const webRoot = fakeWebRoot(t);
    mkdirSync(join(webRoot, "ssr"));
    const entry = join(webRoot, "ssr", "entry-server.js");
    writeFileSync(
      entry,
      `export const render = async (url, origin, boot) => url.endsWith("?broken") ? Promise.reject(new Error("render failed")) :
        ({ html: "<main>rendered " + boot.flow?.kind + "</main>", hydration: { loaderData: {}, actionData: null, errors: null } });
       export const preloadSources = () => [];`,
    );
    const rendering = await build(t, { ...kratos.env, WEB_ROOT: webRoot });
    const page = await rendering.inject("/login");
    t.match(page.body, /<div id="root"><main>rendered login<\/main><\/div><script type="application\/json" id="portal-boot">/);
    t.same(bootData(page).hydration, { loaderData: {}, actionData: null, errors: null });

    const broken = await rendering.inject("/login?broken");
    t.equal(broken.statusCode, 200);
    t.match(broken.body, /<div id="root"><\/div>/, "the browser draws it, as without a render");
    t.equal(bootData(broken).hydration, undefined);
  });

  t.test("the theme cookie's choice is in the page's head and start-up data; any other value is no choice", async (t) => {
    const webRoot = fakeWebRoot(t);
    writeFileSync(
      join(webRoot, "index.html"),
      '<!doctype html><html lang="en"><head><meta name="color-scheme" content="light dark" /></head><body><div id="root"></div></body></html>',
    );
    const themed = await build(t, { ...kratos.env, WEB_ROOT: webRoot });
    for (const theme of ["dark", "light"] as const) {
      const page = await themed.inject({ url: "/login", headers: { cookie: `other=1; portal_theme=${theme}` } });
      t.match(page.body, `<html lang="en" dir="ltr" data-bs-theme="${theme}"><head><meta name="color-scheme" content="${theme}" />`, theme);
      t.equal(bootData(page).theme, theme);
    }
    for (const cookie of [undefined, 'portal_theme="><script>alert(1)</script>', "portal_theme=Dark", "my_portal_theme=dark"]) {
      const page = await themed.inject({ url: "/settings", headers: cookie === undefined ? {} : { cookie } });
      t.match(page.body, '<html lang="en" dir="ltr"><head><meta name="color-scheme" content="light dark" />', String(cookie));
      t.notMatch(page.body, /data-bs-theme|<script>alert/, String(cookie));
      t.equal(bootData(page).theme, undefined, String(cookie));
    }
  });

  t.test("the folded menu's cookie is in the page's start-up data; any other value is no choice", async (t) => {
    t.equal(bootData(await app.inject({ url: "/settings", headers: { cookie: "other=1; portal_menu=collapsed" } })).menuCollapsed, true);
    for (const cookie of [
      undefined,
      "portal_menu=expanded",
      "portal_menu=Collapsed",
      'portal_menu="><script>',
      "my_portal_menu=collapsed",
    ]) {
      const page = await app.inject({ url: "/settings", headers: cookie === undefined ? {} : { cookie } });
      t.equal(bootData(page).menuCollapsed, undefined, String(cookie));
      t.notMatch(page.body, /<script>/, String(cookie));
    }
  });

  t.test("a signed-in page comes with the session; /login with no flow, which Kratos refuses to a session", async (t) => {
    const user = await createIdentity(kratos.adminUrl);
    const browser = new Browser(app);
    await browser.signIn(user.email, user.password);

    const settings = bootData(await browser.request("GET", "/settings"));
    t.equal(settings.session?.status, 200);
    t.match(settings.session?.body, { identity: { id: user.id }, roles: [], aal: "aal1" });

    const login = bootData(await browser.request("GET", "/login"));
    t.equal(login.session?.status, 200);
    t.equal(login.flow, undefined, "the app asks Kratos itself and shows what it says");
  });

  t.test("a signed-in /settings comes with a settings flow for the session, and /settings?flow= with that flow", async (t) => {
    const user = await createIdentity(kratos.adminUrl, { name: { first: "Ada", last: "Lovelace" } });
    const browser = new Browser(app);
    await browser.signIn(user.email, user.password);

    const started = bootData(await browser.request("GET", "/settings"));
    t.equal(started.flow?.kind, "settings");
    const flow = started.flow?.flow as Flow & { identity: { id: string } };
    t.equal(flow.identity.id, user.id, "Kratos started it for this session");
    const saved = await browser.submit("settings", flow, {
      method: "profile",
      traits: { email: user.email, name: { first: "Augusta", last: "Lovelace" } },
    });
    t.equal(saved.statusCode, 200, "the flow and its anti-CSRF cookie from the page save the profile");

    const again = bootData(await browser.request("GET", `/settings?flow=${flow.id}`));
    t.equal(again.flow?.id, flow.id);
    t.match(again.flow?.flow, { state: "success", identity: { traits: { name: { first: "Augusta" } } } });

    const other = await createIdentity(kratos.adminUrl);
    const stranger = new Browser(app);
    await stranger.signIn(other.email, other.password);
    t.equal(bootData(await stranger.request("GET", `/settings?flow=${flow.id}`)).flow, undefined, "not for another visitor");
  });

  t.test("/changepwd comes with a settings flow for the session, and the home page sends the browser to Account Settings", async (t) => {
    const user = await createIdentity(kratos.adminUrl);
    const browser = new Browser(app);
    await browser.signIn(user.email, user.password);
    const page = bootData(await browser.request("GET", "/changepwd"));
    t.equal(page.flow?.kind, "settings");
    t.equal((page.flow?.flow as Flow & { identity: { id: string } }).identity.id, user.id, "the password form's flow, for this session");
    t.equal(bootData(await app.inject({ url: "/changepwd" })).flow, undefined, "none for the signed-out, whom the app sends to sign in");

    for (const home of [await browser.request("GET", "/"), await app.inject({ url: "/?x=1" })]) {
      t.equal(home.statusCode, 302);
      t.equal(home.headers.location, "/settings");
    }
  });

  t.test("Devices and activity comes with the account's sessions, this browser's first; the signed-out get none", async (t) => {
    const user = await createIdentity(kratos.adminUrl);
    const elsewhere = new Browser(app);
    await elsewhere.signIn(user.email, user.password);
    const browser = new Browser(app);
    await browser.signIn(user.email, user.password);

    const sessions = await browser.request("GET", apiReads.mySessions);
    t.equal(sessions.statusCode, 200);
    const answer = sessions.json<MySessions>();
    t.equal(answer.others.length, 1, "the other browser's session, and not this one twice");
    t.not(answer.current.id, answer.others[0]?.id);
    t.notOk(JSON.stringify(answer).includes("user_agent"), "devices by name, never the user agent as sent");
    const page = bootData(await browser.request("GET", "/settings/devices"));
    t.same(page.answers?.[apiReads.mySessions], answer, "the same answer in the page");

    t.equal(bootData(await app.inject({ url: "/settings/devices" })).answers?.[apiReads.mySessions], undefined);
    t.same((await app.inject({ url: apiReads.mySessions })).json(), { code: "not_signed_in" });
  });

  t.test("what users typed into their profile cannot break out of the JSON", async (t) => {
    const hostile = "</script><script>alert(1)</script><!--\u2028&amp;";
    const user = await createIdentity(kratos.adminUrl, { name: { first: hostile, last: "x" } });
    const browser = new Browser(app);
    await browser.signIn(user.email, user.password);
    const page = await browser.request("GET", "/settings");
    t.notMatch(page.body, /<script>alert/, "no markup of the user's reaches the page");
    t.equal(page.body.match(/<\/script>/g)?.length, 1, "only the data element's own end tag");
    t.match(bootData(page).session?.body, { identity: { traits: { name: { first: hostile } } } }, "and the app reads back what was typed");
  });

  t.test("the page goes out compressed to a browser that accepts it; the session check does not", async (t) => {
    const page = await app.inject({ url: "/login", headers: { "accept-encoding": "gzip, br" } });
    t.equal(page.headers["content-encoding"], "br");
    t.match(page.headers.vary, /accept-encoding/i);
    t.match(brotliDecompressSync(page.rawPayload).toString(), bootScript);

    const user = await createIdentity(kratos.adminUrl);
    const browser = new Browser(app);
    await browser.signIn(user.email, user.password);
    const whoami = await app.inject({
      url: "/kratos/sessions/whoami",
      headers: { cookie: browser.cookieHeader(), "accept-encoding": "gzip, br" },
    });
    t.equal(whoami.statusCode, 200);
    t.equal(whoami.headers["content-encoding"], undefined, "the hot path spends no CPU on a few hundred bytes");
  });

  t.test("the page is in the visitor's language: the cookie, the account's, Accept-Language, English", async (t) => {
    const languageOf = (page: LightMyRequestResponse) => [bootData(page).language, page.headers["content-language"]];
    t.same(languageOf(await app.inject("/login")), ["en", "en"], "English without any sign");
    const portuguese = await app.inject({ url: "/login", headers: { "accept-language": "pt-PT,pt;q=0.9,en;q=0.5" } });
    t.same(languageOf(portuguese), ["pt-BR", "pt-BR"], "the best match of Accept-Language: pt is Brazilian Portuguese here");
    const chosen = await app.inject({ url: "/login", headers: { cookie: "portal_language=ar", "accept-language": "de" } });
    t.same(languageOf(chosen), ["ar", "ar"], "the cookie before Accept-Language");
    const unknown = await app.inject({ url: "/login", headers: { cookie: "portal_language=xx", "accept-language": "ja-JP" } });
    t.same(languageOf(unknown), ["ja", "ja"], "a cookie that names no language of the portal is ignored");
    const malformed = await app.inject({ url: "/login", headers: { cookie: "portal_language=%E0%A4%A; portal_theme=%ZZ" } });
    t.equal(malformed.statusCode, 200, "a cookie that is not even a valid escape is no choice, not an error");
    t.same(languageOf(malformed), ["en", "en"]);

    const user = await createIdentity(kratos.adminUrl, { language: "de" });
    const browser = new Browser(app);
    await browser.signIn(user.email, user.password);
    t.same(languageOf(await browser.request("GET", "/settings")), ["de", "de"], "the account's language on a device without the cookie");
  });

  t.test("an address that is no page's is a 404 with the app's page in the visitor's language; every page's is not", async (t) => {
    for (const url of ["/no-such-page", "/internal/kratos-hooks/recovery", "/settings/no-such-section", "/login/more?flow=x"]) {
      const page = await app.inject({ url, headers: { "accept-language": "de" } });
      t.equal(page.statusCode, 404, url);
      t.match(page.headers["content-type"], /text\/html/, `${url}: the app's page`);
      t.equal(page.headers["content-language"], "de", `${url}: in German`);
      t.equal(bootData(page).language, "de", `${url}: the app starts in German`);
      t.equal(bootData(page).flow, undefined, `${url}: with no flow`);
    }
    const pages = ["/login", "/login/", "/registration", "/recovery", "/verification", "/error?id=x", "/logout", "/consent", "/terms"];
    const signedIn = ["/settings", "/settings/security", "/settings/data", "/changepwd", "/manage-clients", "/manage-users/user?id=x"];
    for (const url of [...pages, ...signedIn, "/invitation?token=x"]) {
      t.equal((await app.inject({ url, headers: { "accept-language": "de" } })).statusCode, 200, url);
    }
    t.equal((await app.inject("/")).statusCode, 302, "the home page opens Account Settings");
    t.equal((await app.inject("/assets/index-abc123.js")).statusCode, 200, "the build's files");
  });

  t.test("a request that is not a GET of an app route is not the app", async (t) => {
    const post = await app.inject({ method: "POST", url: "/login" });
    t.equal(post.statusCode, 404);
    t.same(post.json(), { code: "not_found" });
  });
});

t.test("REGISTRATION=invite-only: /registration comes without a flow, and the app is told", async (t) => {
  const kratos = await useKratos(t);
  const app = await build(t, { ...kratos.env, REGISTRATION: "invite-only" });
  const page = await app.inject("/registration");
  t.equal(page.statusCode, 200);
  const boot = bootData(page);
  t.equal(boot.flow, undefined, "no registration flow is started");
  t.equal(boot.config.REGISTRATION, "invite-only");
  t.notOk(page.headers["set-cookie"], "no anti-CSRF cookie of a flow");
  t.equal(bootData(await app.inject("/login")).flow?.kind, "login", "signing in starts its flow as before");
});

t.test("with Kratos down, the page still comes, and says so for the session check", async (t) => {
  const app = await build(t, { KRATOS_PUBLIC_URL: `http://127.0.0.1:${await freePort()}` });
  // A browser without cookies is signed out whatever Kratos says: this one has a session to check.
  const page = await app.inject({ url: "/login", headers: { cookie: "ory_kratos_session=to-check" } });
  t.equal(page.statusCode, 200);
  const boot = bootData(page);
  t.ok(boot.config);
  t.equal(boot.session?.status, 503);
  t.same(boot.session?.body, { code: "kratos_unavailable" }, "what GET /api/session would say");
  t.equal(boot.flow, undefined, "the app starts the flow itself, and shows why it cannot");
});

t.test("with Kratos down, Devices and activity still comes, without the sessions, which the app asks for and explains", async (t) => {
  const app = await build(t, { KRATOS_PUBLIC_URL: `http://127.0.0.1:${await freePort()}` });
  const page = await app.inject({ url: "/settings/devices", headers: { cookie: "ory_kratos_session=to-check" } });
  t.equal(page.statusCode, 200);
  t.equal(bootData(page).answers?.[apiReads.mySessions], undefined);
  const sessions = await app.inject({ url: apiReads.mySessions, headers: { cookie: "ory_kratos_session=to-check" } });
  t.same([sessions.statusCode, sessions.json()], [503, { code: "kratos_unavailable" }], "a code the app words, nothing of Kratos'");
});

t.test("with Kratos silent, the page does not wait for it", async (t) => {
  const sockets = new Set<Socket>();
  const silent = createServer((socket) => sockets.add(socket));
  await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
  t.teardown(() => {
    for (const socket of sockets) socket.destroy();
    silent.close();
  });
  const { port } = silent.address() as { port: number };
  const app = await build(t, { KRATOS_PUBLIC_URL: `http://127.0.0.1:${port}`, UPSTREAM_TIMEOUT_MS: "60000" });

  const page = await app.inject({ url: "/login", headers: { cookie: "ory_kratos_session=to-check" } });
  t.equal(page.statusCode, 200, "within the page's budget, long before the upstream timeout");
  const boot = bootData(page);
  t.ok(boot.config);
  t.equal(boot.session, undefined, "the app asks for what is missing");
  t.equal(boot.flow, undefined);
});
