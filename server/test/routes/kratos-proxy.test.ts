import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { Configuration, FrontendApi } from "@ory/client";
import t from "tap";
import { createIdentity } from "../../../testing/identities.js";
import { csrfToken } from "../../../testing/kratos-browser.js";
import { freePort } from "../../../stack/supervisor.js";
import { build } from "../helpers/build.js";
import { Browser } from "../helpers/browser.js";
import { useKratos } from "../helpers/kratos.js";

t.test("a browser flow started through /kratos comes back to the portal with its cookies", async (t) => {
  const kratos = await useKratos(t);
  const app = await build(t, kratos.env);
  const origin = kratos.env.PORTAL_ORIGIN!;

  const start = await app.inject("/kratos/self-service/registration/browser");
  t.equal(start.statusCode, 303);
  const location = new URL(String(start.headers.location));
  t.equal(`${location.origin}${location.pathname}`, `${origin}/registration`, "Kratos sends the browser to the portal's page");
  const flowId = location.searchParams.get("flow");
  t.ok(flowId, "with the flow id");
  const csrfCookie = start.cookies.find((cookie) => cookie.name.startsWith("csrf_token"));
  t.ok(csrfCookie, "Kratos' CSRF cookie passes through the proxy");
  t.equal(csrfCookie?.path, "/", "for the whole portal origin");

  const withCookie = await app.inject({
    url: `/kratos/self-service/registration/flows?id=${flowId}`,
    headers: { cookie: `${csrfCookie!.name}=${csrfCookie!.value}` },
  });
  t.equal(withCookie.statusCode, 200);
  const flow = withCookie.json<{ id: string; ui: { action: string } }>();
  t.equal(flow.id, flowId);
  t.equal(flow.ui.action, `${origin}/kratos/self-service/registration?flow=${flowId}`, "forms post back through the proxy");

  const withoutCookie = await app.inject(`/kratos/self-service/registration/flows?id=${flowId}`);
  t.equal(withoutCookie.statusCode, 403, "without the cookie Kratos refuses the flow (security_csrf_violation)");
});

t.test("signing in through the proxy sets Kratos' session cookie on the portal origin", async (t) => {
  const kratos = await useKratos(t);
  const app = await build(t, kratos.env);
  const user = await createIdentity(kratos.adminUrl);

  const browser = new Browser(app);
  const signIn = await browser.signIn(user.email, user.password);
  t.equal(signIn.statusCode, 200, signIn.body);
  t.ok(browser.cookies().some((cookie) => cookie.key === "ory_kratos_session"));

  const whoami = await browser.request("GET", "/kratos/sessions/whoami");
  t.equal(whoami.statusCode, 200);
  t.equal(whoami.json<{ identity: { traits: { email: string } } }>().identity.traits.email, user.email);
});

t.test("Kratos unreachable: the proxy answers 503 kratos_unavailable", async (t) => {
  const app = await build(t, { KRATOS_PUBLIC_URL: `http://127.0.0.1:${await freePort()}` });
  const response = await app.inject("/kratos/self-service/login/browser");
  t.equal(response.statusCode, 503);
  t.same(response.json(), { code: "kratos_unavailable" });
});

t.test("only the Kratos paths a browser portal needs pass; the rest is refused with a code", async (t) => {
  const kratos = await useKratos(t);
  const app = await build(t, kratos.env);
  const internal = [new URL(kratos.publicUrl).host, new URL(kratos.adminUrl).host];
  const refused: [string, string, number][] = [
    ["GET", "/kratos/admin/identities", 404],
    ["GET", "/kratos/admin/sessions", 404],
    ["GET", "/kratos/identities", 404],
    ["POST", "/kratos/identities", 404],
    ["GET", "/kratos/health/ready", 404],
    ["GET", "/kratos/version", 404],
    ["GET", "/kratos/schemas", 404],
    ["GET", "/kratos/", 404],
    ["GET", "/kratos/self-service/login", 404],
    ["POST", "/kratos/sessions/whoami", 404],
    ["PUT", "/kratos/self-service/login", 404],
    ["GET", "/kratos/self-service/login/browser/../../../admin/identities", 404],
    ["GET", "/kratos/self-service/login/api", 403],
    ["GET", "/kratos/self-service/registration/api", 403],
    ["GET", "/kratos/self-service/recovery/api", 403],
    ["GET", "/kratos/self-service/verification/api", 403],
    ["GET", "/kratos/self-service/settings/api", 403],
    ["DELETE", "/kratos/self-service/logout/api", 403],
    ["GET", "/kratos/sessions/token-exchange", 403],
    ["DELETE", "/kratos/sessions/..%2F..%2Fadmin%2Fidentities", 400],
  ];
  for (const [method, url, status] of refused) {
    // From the portal's pages, so that the path is what is refused.
    const response = await app.inject({
      method: method as "GET",
      url,
      headers: { accept: "application/json", origin: kratos.env.PORTAL_ORIGIN },
    });
    t.equal(response.statusCode, status, `${method} ${url}`);
    t.type(response.json().code, "string", "with a code");
    const everything = JSON.stringify(response.headers) + response.body;
    t.notOk(
      internal.some((host) => everything.includes(host)),
      "no internal address in the answer",
    );
  }
  t.same((await app.inject("/kratos/self-service/login/api")).json(), { code: "native_flows_disabled" });
  t.same((await app.inject("/kratos/admin/identities")).json(), { code: "not_found" });
});

t.test("KRATOS_NATIVE_FLOWS opens the native flows for mobile apps", async (t) => {
  const kratos = await useKratos(t);
  const app = await build(t, { ...kratos.env, KRATOS_NATIVE_FLOWS: "true" });
  const flow = await app.inject("/kratos/self-service/login/api");
  t.equal(flow.statusCode, 200);
  t.equal(flow.json().type, "api");
});

t.test("KRATOS_NATIVE_FLOWS: a native app's submission needs no Origin; one with cookies still does", async (t) => {
  const kratos = await useKratos(t);
  const app = await build(t, { ...kratos.env, KRATOS_NATIVE_FLOWS: "true" });
  const user = await createIdentity(kratos.adminUrl);
  const submit = async (headers: Record<string, string>) => {
    const flow = (await app.inject("/kratos/self-service/login/api")).json<{ id: string }>();
    return app.inject({
      method: "POST",
      url: `/kratos/self-service/login?flow=${flow.id}`,
      headers: { accept: "application/json", ...headers },
      payload: { method: "password", identifier: user.email, password: user.password },
    });
  };
  const native = await submit({});
  t.equal(native.statusCode, 200, "Kratos signs the app in");
  t.type(native.json<{ session_token?: unknown }>().session_token, "string", "signed in with a session token");
  const withCookie = await submit({ cookie: "ory_kratos_session=stolen" });
  t.same([withCookie.statusCode, withCookie.json()], [403, { code: "cross_origin" }]);
});

t.test("REGISTRATION=invite-only: no registration flow starts or goes on through the proxy", async (t) => {
  const kratos = await useKratos(t);
  const app = await build(t, { ...kratos.env, REGISTRATION: "invite-only", KRATOS_NATIVE_FLOWS: "true" });
  const origin = kratos.env.PORTAL_ORIGIN!;

  const navigated = await app.inject({ url: "/kratos/self-service/registration/browser", headers: { accept: "text/html" } });
  t.equal(navigated.statusCode, 303, "a browser sent to start one");
  t.equal(navigated.headers.location, `${origin}/registration`, "lands on the page that says how to get an invitation");
  t.notOk(
    navigated.cookies.some((cookie) => cookie.name.startsWith("csrf_token")),
    "without a flow from Kratos",
  );

  for (const [method, url] of [
    ["GET", "/kratos/self-service/registration/browser"],
    ["GET", "/kratos/self-service/registration/api"],
    ["GET", "/kratos/self-service/registration/flows?id=5f0e8b7e-7b1a-4d1e-9a41-0f1d8d3c9a11"],
    ["POST", "/kratos/self-service/registration?flow=5f0e8b7e-7b1a-4d1e-9a41-0f1d8d3c9a11"],
  ] as const) {
    const refused = await app.inject({
      method,
      url,
      headers: { accept: "application/json" },
      ...(method === "POST" ? { payload: {} } : {}),
    });
    t.equal(refused.statusCode, 403, `${method} ${url}`);
    t.same(refused.json(), { code: "registration_closed" });
  }

  const login = await app.inject({ url: "/kratos/self-service/login/browser", headers: { accept: "application/json" } });
  t.equal(login.statusCode, 200, "signing in goes on as before");
});

t.test("bodies other than a JSON object or a form are refused before Kratos", async (t) => {
  const kratos = await useKratos(t);
  const app = await build(t, kratos.env);
  const flow = (await app.inject({ url: "/kratos/self-service/login/browser", headers: { accept: "application/json" } })).json();
  const url = `/kratos/self-service/login?flow=${flow.id}`;
  const cases: [string, string, number][] = [
    ["text/plain", "method=password", 415],
    ["multipart/form-data; boundary=x", "--x--", 415],
    ["application/json", "[1,2]", 400],
    ["application/json", "null", 400],
    ["application/json", '"method"', 400],
    ["application/json", "{", 400],
    ["application/json", '{"__proto__":{"x":1}}', 400],
    ["application/json", JSON.stringify({ method: "password", password: "x".repeat(70_000) }), 413],
  ];
  for (const [type, payload, status] of cases) {
    const response = await app.inject({
      method: "POST",
      url,
      payload,
      headers: { "content-type": type, accept: "application/json", origin: kratos.env.PORTAL_ORIGIN },
    });
    t.equal(response.statusCode, status, `${type} ${payload.slice(0, 20)}`);
    t.type(response.json().code, "string");
  }
});

t.test("Kratos sees the client address the portal trusts, never one the client chose", async (t) => {
  const kratos = await useKratos(t);
  const user = await createIdentity(kratos.adminUrl);
  const spoofed = {
    "true-client-ip": "192.0.2.66",
    "cf-connecting-ip": "192.0.2.67",
    "x-real-ip": "192.0.2.68",
    "x-client-ip": "192.0.2.69",
    forwarded: "for=192.0.2.70",
    "cf-ipcity": "Atlantis",
    "cf-ipcountry": "XX",
    "cf-region-code": "ZZ",
  };
  const devicesOf = async (app: Awaited<ReturnType<typeof build>>, headers: Record<string, string>) => {
    const signIn = await new Browser(app, { headers }).signIn(user.email, user.password);
    t.equal(signIn.statusCode, 200, signIn.body);
    return signIn.json().session.devices as { ip_address: string; location?: string }[];
  };

  const direct = await build(t, kratos.env);
  const [device] = await devicesOf(direct, { ...spoofed, "x-forwarded-for": "192.0.2.71" });
  t.equal(device?.ip_address, "127.0.0.1", "no proxy trusted: the socket's address");
  t.notOk(device?.location, "and no place the client named");

  const behindProxy = await build(t, { ...kratos.env, TRUST_PROXY: "127.0.0.1" });
  const [proxied] = await devicesOf(behindProxy, { ...spoofed, "x-forwarded-for": "192.0.2.72, 198.51.100.9" });
  t.equal(proxied?.ip_address, "198.51.100.9", "behind a trusted proxy: the address that proxy saw, not the client's own claim");
  t.notOk(proxied?.location);
});

t.test("Kratos sees the portal's origin as host and scheme, never the request's Host", async (t) => {
  const kratos = await useKratos(t);
  const app = await build(t, kratos.env);
  const response = await app.inject({
    url: "/kratos/self-service/login/browser",
    headers: { accept: "application/json", host: "evil.example", "x-forwarded-host": "evil.example", "x-forwarded-proto": "https" },
  });
  t.equal(response.statusCode, 200);
  const { origin } = new URL(response.json().request_url);
  t.equal(origin, kratos.env.PORTAL_ORIGIN);
});

t.test("what would send the browser off the portal, or change from another site, stops at the proxy", async (t) => {
  const kratos = await useKratos(t);
  const origin = kratos.env.PORTAL_ORIGIN!;
  const app = await build(t, kratos.env);
  // Kratos' allow list reads these (with Go's URL parser) as paths on the portal and redirects to them as they
  // are; the browser (WHATWG) reads the backslashes as slashes and goes to evil.example.
  const readOtherwise = ["http:\\\\evil.example/", "http:\\/evil.example/", "/settings\\..\\", "/set\ttings", "/settings\n"];

  t.test("a flow asked to return there is refused before Kratos", async (t) => {
    const errorPage = `${origin}/error?code=return_to_not_allowed`;
    for (const returnTo of [...readOtherwise, "https://evil.example/", "https:evil.example"]) {
      const url = `/kratos/self-service/login/browser?return_to=${encodeURIComponent(returnTo)}`;
      const asked = await app.inject({ url, headers: { accept: "application/json" } });
      t.same([asked.statusCode, asked.json()], [400, { code: "return_to_not_allowed" }], `${JSON.stringify(returnTo)}, the app's request`);
      const navigated = await app.inject({ url, headers: { accept: "text/html" } });
      t.same([navigated.statusCode, navigated.headers.location], [303, errorPage], `${JSON.stringify(returnTo)}, a page load`);
    }
    const twice = await app.inject(`/kratos/self-service/login/browser?return_to=%2Fsettings&return_to=http:%5C%5Cevil.example/`);
    t.same(twice.json(), { code: "return_to_not_allowed" }, "whichever of its values");
    const own = await app.inject({
      url: `/kratos/self-service/login/browser?return_to=${encodeURIComponent(`${origin}/settings`)}`,
      headers: { accept: "application/json" },
    });
    t.equal(own.statusCode, 200, "one of the portal's own pages is kept");
    t.equal(own.json<{ return_to: string }>().return_to, `${origin}/settings`);
  });

  t.test("signing out with it is refused, and the session stays", async (t) => {
    const user = await createIdentity(kratos.adminUrl);
    const browser = new Browser(app);
    t.equal((await browser.signIn(user.email, user.password)).statusCode, 200);
    const logout = await browser.startLogout();
    const answer = await browser.request("GET", `${logout.path}&return_to=${encodeURIComponent(readOtherwise[0])}`, undefined, true);
    t.same([answer.statusCode, answer.headers.location], [303, `${origin}/error?code=return_to_not_allowed`], "the error page says why");
    t.equal((await browser.request("GET", "/kratos/sessions/whoami")).statusCode, 200);
    const signedOut = await browser.request("GET", logout.path, undefined, true);
    t.equal(new URL(String(signedOut.headers.location)).origin, origin, "without it: signed out, on the portal");
  });

  t.test("a Location from Kratos off the portal's origins is sent to the portal instead", async (t) => {
    // A flow started at Kratos itself (not through the portal) with such a return_to: Kratos redirects the
    // natively posted sign-in form there.
    const frontend = new FrontendApi(new Configuration({ basePath: kratos.publicUrl }));
    for (const returnTo of readOtherwise.slice(0, 2)) {
      const started = await frontend.createBrowserLoginFlow({ returnTo });
      t.equal(started.data.return_to, returnTo, "Kratos' allow list takes it");
      const cookies = (started.headers["set-cookie"] as string[]).map((cookie) => cookie.split(";")[0]).join("; ");
      const user = await createIdentity(kratos.adminUrl);
      const answer = await app.inject({
        method: "POST",
        url: `/kratos/self-service/login?flow=${started.data.id}`,
        headers: { accept: "text/html", "content-type": "application/x-www-form-urlencoded", cookie: cookies, origin },
        payload: new URLSearchParams({
          csrf_token: csrfToken(started.data),
          method: "password",
          identifier: user.email,
          password: user.password,
        }).toString(),
      });
      t.equal(answer.statusCode, 303, answer.body);
      t.ok(
        answer.cookies.some((cookie) => cookie.name === "ory_kratos_session"),
        "signed in",
      );
      t.equal(answer.headers.location, `${origin}/`, `the portal's home page, not ${JSON.stringify(returnTo)}`);
    }
  });

  t.test("a change without the portal's Origin is refused; the provider's way back is not one", async (t) => {
    const user = await createIdentity(kratos.adminUrl);
    const browser = new Browser(app);
    const flow = await browser.startFlow("login");
    const submission = {
      method: "POST" as const,
      url: `/kratos/self-service/login?flow=${flow.id}`,
      payload: { csrf_token: csrfToken(flow), method: "password", identifier: user.email, password: user.password },
    };
    for (const origins of [{}, { origin: "https://evil.example" }, { origin: "null" }, { origin: `${origin}.evil.example` }]) {
      const answer = await app.inject({
        ...submission,
        headers: { ...origins, accept: "application/json", cookie: browser.cookieHeader() },
      });
      t.equal(answer.statusCode, 403, JSON.stringify(origins));
      t.same(answer.json(), { code: "cross_origin" });
    }
    const own = await app.inject({ ...submission, headers: { origin, accept: "application/json", cookie: browser.cookieHeader() } });
    t.equal(own.statusCode, 200, "from the portal's pages");

    const form = await new Browser(app, { nativeForms: true }).signIn(user.email, user.password);
    t.equal(form.statusCode, 303, "a form posted without the app's script carries the Origin too");

    for (const url of ["/kratos/sessions", "/kratos/sessions/3fa85f64-5717-4562-b3fc-2c963f66afa6"]) {
      const foreign = await app.inject({
        method: "DELETE",
        url,
        headers: { origin: "https://evil.example", cookie: browser.cookieHeader() },
      });
      t.same([foreign.statusCode, foreign.json()], [403, { code: "cross_origin" }], url);
    }

    // Apple answers with a form post from its own origin; Kratos checks the state against the browser's cookie.
    const callback = await app.inject({
      method: "POST",
      url: "/kratos/self-service/methods/oidc/callback/example-sso",
      headers: { origin: "https://appleid.apple.com", "content-type": "application/x-www-form-urlencoded" },
      payload: "state=forged&code=forged",
    });
    t.notSame(callback.json(), { code: "cross_origin" }, "reaches Kratos");
    t.ok(callback.json().error, `which refuses the forged state (${callback.statusCode})`);
  });

  t.test("a forged id_token, which Kratos answers 500, is a 400 with a code", async (t) => {
    const browser = new Browser(app);
    const flow = await browser.startFlow("login");
    const answer = await browser.request("POST", `/kratos/self-service/login?flow=${flow.id}`, {
      csrf_token: csrfToken(flow),
      method: "oidc",
      provider: "example-sso",
      id_token: "eyJhbGciOiJub25lIn0.eyJzdWIiOiJ4In0.",
    });
    t.equal(answer.statusCode, 400);
    t.same(answer.json(), { code: "kratos_refused" });
  });
});

t.test("a server error from a Kratos that then does not answer as it should is 503 kratos_unavailable", async (t) => {
  const broken = createServer((_request, response) => {
    response.writeHead(500, { "content-type": "application/json" }).end('{"error":{"code":500}}');
  });
  await new Promise<void>((resolve) => broken.listen(0, "127.0.0.1", resolve));
  t.teardown(() => broken.close());
  const app = await build(t, { KRATOS_PUBLIC_URL: `http://127.0.0.1:${(broken.address() as AddressInfo).port}` });
  const answer = await app.inject("/kratos/self-service/login/browser");
  t.equal(answer.statusCode, 503);
  t.same(answer.json(), { code: "kratos_unavailable" });
});
