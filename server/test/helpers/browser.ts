// A browser's side of app.inject(): a cookie jar, and Kratos' browser flows
// driven through the portal's /kratos proxy as the SPA drives them.
import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import { TOTP } from "otpauth";

export class CookieJar {
  private readonly cookies = new Map<string, string>();

  store(response: LightMyRequestResponse): void {
    for (const cookie of response.cookies as { name: string; value: string; maxAge?: number }[]) {
      if (cookie.maxAge !== undefined && cookie.maxAge <= 0) this.cookies.delete(cookie.name);
      else this.cookies.set(cookie.name, cookie.value);
    }
  }

  header(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
  }

  /** The other jar's cookies, as the same browser's next request would carry them. */
  copyFrom(other: CookieJar): void {
    for (const [name, value] of other.cookies) this.cookies.set(name, value);
  }

  names(): string[] {
    return [...this.cookies.keys()];
  }
}

interface FlowNode {
  attributes: { name?: string; value?: unknown; id?: string; text?: { text?: string } };
}
interface Flow {
  id: string;
  ui: { nodes: FlowNode[] };
}

export class Browser {
  readonly jar = new CookieJar();

  /** headers: sent with every request, e.g. the X-Forwarded-For of a client behind a proxy. */
  constructor(
    private readonly app: FastifyInstance,
    private readonly headers: Record<string, string> = {},
  ) {}

  /** With form, the body goes as a natively submitted HTML form (flat fields), as webauthn.js sends it. */
  async request(method: "GET" | "POST", url: string, payload?: object, form = false): Promise<LightMyRequestResponse> {
    const response = await this.app.inject({
      method,
      url,
      payload: form ? new URLSearchParams(payload as Record<string, string>).toString() : payload,
      headers: {
        ...this.headers,
        accept: form ? "text/html" : "application/json",
        ...(form ? { "content-type": "application/x-www-form-urlencoded" } : {}),
        cookie: this.jar.header(),
      },
    });
    this.jar.store(response);
    return response;
  }

  private csrf(flow: Flow): string {
    const node = flow.ui.nodes.find((n) => n.attributes.name === "csrf_token");
    return String(node?.attributes.value ?? "");
  }

  async startFlow(kind: "login" | "registration" | "settings", query = ""): Promise<Flow> {
    const response = await this.request("GET", `/kratos/self-service/${kind}/browser${query}`);
    if (response.statusCode !== 200) throw new Error(`${kind} flow: ${response.statusCode} ${response.body}`);
    return response.json<Flow>();
  }

  async signIn(identifier: string, password: string): Promise<LightMyRequestResponse> {
    const flow = await this.startFlow("login");
    return this.request("POST", `/kratos/self-service/login?flow=${flow.id}`, {
      method: "password",
      identifier,
      password,
      csrf_token: this.csrf(flow),
    });
  }

  /**
   * Signs in with the password, then with the authenticator app, as a user
   * with a second factor does; the session is aal2.
   */
  async signInWithTotp(identifier: string, password: string, secret: string): Promise<void> {
    const first = await this.signIn(identifier, password);
    // browser_location_change_required: one factor of two; Kratos sends the browser on to the second.
    if (first.statusCode !== 422) throw new Error(`password step: ${first.statusCode} ${first.body}`);
    const flow = await this.startFlow("login", "?aal=aal2");
    const second = await this.request("POST", `/kratos/self-service/login?flow=${flow.id}`, {
      method: "totp",
      totp_code: new TOTP({ secret }).generate(),
      csrf_token: this.csrf(flow),
    });
    if (second.statusCode !== 200) throw new Error(`TOTP step: ${second.statusCode} ${second.body}`);
  }

  /** Sets up an authenticator app for the signed-in user, which Kratos counts as a second factor used (aal2); returns its secret. */
  async enrolTotp(): Promise<string> {
    const flow = await this.startFlow("settings");
    const secret = flow.ui.nodes.find((n) => n.attributes.id === "totp_secret_key")?.attributes.text?.text;
    if (!secret) throw new Error("the settings flow offers no TOTP secret");
    const response = await this.request("POST", `/kratos/self-service/settings?flow=${flow.id}`, {
      method: "totp",
      totp_code: new TOTP({ secret }).generate(),
      csrf_token: this.csrf(flow),
    });
    if (response.statusCode !== 200) throw new Error(`TOTP set-up: ${response.statusCode} ${response.body}`);
    return secret;
  }
}
