// A browser's side of the scale-out test, over real HTTP: one cookie jar
// (tough-cookie) for everything on loopback, as one browser behind one origin
// would have, and Kratos' browser flows driven through a portal's /kratos
// proxy as the SPA drives them (JSON, with the flow's CSRF token).
import { CookieJar } from "tough-cookie";
import { TOTP } from "otpauth";

interface FlowNode {
  attributes: { name?: string; value?: unknown; id?: string; text?: { text?: string } };
}
export interface Flow {
  id: string;
  state?: string;
  ui: { nodes: FlowNode[] };
}

/** The stack's public URLs name localhost; its servers listen on 127.0.0.1 only. */
export const onLoopback = (url: string) => url.replace("//localhost:", "//127.0.0.1:");

export class HttpBrowser {
  readonly jar = new CookieJar();

  /** `origin` is what the portals serve; changes send it as their pages would. */
  constructor(private readonly origin: string) {}

  async request(url: string, { method = "GET", json }: { method?: string; json?: object } = {}): Promise<Response> {
    const target = onLoopback(url);
    const cookie = await this.jar.getCookieString(target);
    const headers: Record<string, string> = { accept: "application/json" };
    if (cookie) headers.cookie = cookie;
    if (json) Object.assign(headers, { "content-type": "application/json", origin: this.origin });
    const response = await fetch(target, { method, headers, body: json && JSON.stringify(json), redirect: "manual" });
    for (const header of response.headers.getSetCookie()) await this.jar.setCookie(header, target);
    return response;
  }

  async json<T>(url: string, init?: { method?: string; json?: object }): Promise<{ status: number; body: T }> {
    const response = await this.request(url, init);
    const text = await response.text();
    return { status: response.status, body: (text ? JSON.parse(text) : undefined) as T };
  }

  /** Where a redirect answer points. */
  async location(url: string): Promise<string> {
    const response = await this.request(url);
    const location = response.headers.get("location");
    if (response.status < 300 || response.status >= 400 || !location) {
      throw new Error(`${url} answered ${response.status}, not a redirect: ${await response.text()}`);
    }
    return new URL(location, url).toString();
  }

  async startFlow(portal: string, kind: string, query = ""): Promise<Flow> {
    const { status, body } = await this.json<Flow>(`${portal}/kratos/self-service/${kind}/browser${query}`);
    if (status !== 200) throw new Error(`${kind} flow at ${portal}: ${status} ${JSON.stringify(body)}`);
    return body;
  }

  /** Submits a flow at a portal (any portal: the flow lives in the shared database). */
  submit<T = Flow>(portal: string, kind: string, flow: Flow, fields: object): Promise<{ status: number; body: T }> {
    const csrf = flow.ui.nodes.find((node) => node.attributes.name === "csrf_token")?.attributes.value;
    return this.json<T>(`${portal}/kratos/self-service/${kind}?flow=${flow.id}`, {
      method: "POST",
      json: { ...fields, csrf_token: csrf },
    });
  }

  /**
   * Signs in with a password, then with a TOTP code when a secret is given;
   * returns the last answer. With a second factor set up, the password step
   * answers 422 browser_location_change_required towards ?aal=aal2.
   */
  async signIn(portal: string, email: string, password: string, totpSecret?: string, loginQuery = "") {
    const first = await this.submit(portal, "login", await this.startFlow(portal, "login", loginQuery), {
      method: "password",
      identifier: email,
      password,
    });
    if (!totpSecret) return first;
    if (first.status !== 422) throw new Error(`password step: ${first.status} ${JSON.stringify(first.body)}`);
    const second = await this.startFlow(portal, "login", "?aal=aal2");
    return this.submit(portal, "login", second, { method: "totp", totp_code: new TOTP({ secret: totpSecret }).generate() });
  }

  /** Sets up an authenticator app for the signed-in user; returns its secret. */
  async enrolTotp(portal: string): Promise<string> {
    const flow = await this.startFlow(portal, "settings");
    const secret = flow.ui.nodes.find((node) => node.attributes.id === "totp_secret_key")?.attributes.text?.text;
    if (!secret) throw new Error("the settings flow offers no TOTP secret");
    const { status, body } = await this.submit(portal, "settings", flow, { method: "totp", totp_code: new TOTP({ secret }).generate() });
    if (status !== 200) throw new Error(`TOTP set-up: ${status} ${JSON.stringify(body)}`);
    return secret;
  }

  /** Signs out at a portal, through the logout URL Kratos hands out there. */
  async signOut(portal: string): Promise<number> {
    const { body } = await this.json<{ logout_url: string }>(`${portal}/kratos/self-service/logout/browser`);
    const url = new URL(body.logout_url);
    return (await this.request(`${portal}${url.pathname}${url.search}`)).status;
  }
}
