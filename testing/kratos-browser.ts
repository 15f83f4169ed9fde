// Kratos' browser flows as the SPA drives them through the portal's /kratos
// proxy: start a flow, read its CSRF token, submit it as JSON. Every test
// browser drives them through this class: those of the server tests
// (app.inject), of the scale-out test (fetch) and of the browser tests and the
// benchmark (Playwright's request context) differ only in how a request
// travels and where the cookies are kept.
import { TOTP } from "otpauth";

interface FlowNode {
  attributes: { name?: string; value?: unknown; id?: string; text?: { text?: string; context?: { secrets?: { text: string }[] } } };
}

export interface Flow {
  id: string;
  state?: string;
  ui: { nodes: FlowNode[] };
}

export type FlowKind = "login" | "registration" | "settings" | "recovery" | "verification";

export function csrfToken(flow: Flow): string {
  const value = flow.ui.nodes.find((node) => node.attributes.name === "csrf_token")?.attributes.value;
  return typeof value === "string" ? value : "";
}

/** What the flows read of an answer, whatever carried it. */
export interface Reply {
  status: number;
  body: unknown;
}

export abstract class KratosBrowser<Answer> {
  /** A GET of a path on the portal as the SPA sends it: asking for JSON, with the browser's cookies, keeping those it is sent. */
  protected abstract get(path: string): Promise<Answer>;
  /** A POST of a JSON body, likewise. */
  protected abstract post(path: string, body: object): Promise<Answer>;
  /** The answer's status, and its body as JSON (undefined when empty). */
  protected abstract read(answer: Answer): Promise<Reply>;

  /** query goes to the flow's start, e.g. `?aal=aal2` or a login_challenge. */
  async startFlow(kind: FlowKind, query = ""): Promise<Flow> {
    const { status, body } = await this.read(await this.get(`/kratos/self-service/${kind}/browser${query}`));
    if (status !== 200) throw new Error(`${kind} flow: ${status} ${JSON.stringify(body)}`);
    return body as Flow;
  }

  /** Submits the flow's form: the fields, with the flow's CSRF token. */
  submit(kind: FlowKind, flow: Flow, fields: object): Promise<Answer> {
    return this.post(`/kratos/self-service/${kind}?flow=${flow.id}`, { ...fields, csrf_token: csrfToken(flow) });
  }

  /**
   * Signs in with a password; Kratos' answer. With a second factor set up,
   * that is 422 browser_location_change_required towards ?aal=aal2.
   */
  async signIn(identifier: string, password: string, query = ""): Promise<Answer> {
    return this.submit("login", await this.startFlow("login", query), { method: "password", identifier, password });
  }

  /** Signs in with the password, then with the authenticator app, as a user with a second factor does; the answer of the second step. */
  async signInWithTotp(identifier: string, password: string, secret: string): Promise<Answer> {
    const first = await this.read(await this.signIn(identifier, password));
    if (first.status !== 422) throw new Error(`password step: ${first.status} ${JSON.stringify(first.body)}`);
    return this.submit("login", await this.startFlow("login", "?aal=aal2"), { method: "totp", totp_code: new TOTP({ secret }).generate() });
  }

  /**
   * Sets up an authenticator app for the signed-in user, as its owner would
   * with the secret the settings flow shows; returns the secret. Kratos counts
   * it as the second factor used: the session becomes aal2.
   */
  async enrolTotp(): Promise<string> {
    const flow = await this.startFlow("settings");
    const secret = flow.ui.nodes.find((node) => node.attributes.id === "totp_secret_key")?.attributes.text?.text;
    if (!secret) throw new Error("the settings flow offers no authenticator app secret");
    const { status, body } = await this.read(
      await this.submit("settings", flow, { method: "totp", totp_code: new TOTP({ secret }).generate() }),
    );
    if (status !== 200) throw new Error(`authenticator app set-up: ${status} ${JSON.stringify(body)}`);
    return secret;
  }

  /**
   * Generates backup codes for the signed-in user and confirms them, as their owner would (the codes hold in the
   * flow until then); returns the codes. Kratos asks for a second factor first when one is set up.
   */
  async enrolBackupCodes(): Promise<string[]> {
    const generated = await this.read(
      await this.submit("settings", await this.startFlow("settings"), { method: "lookup_secret", lookup_secret_regenerate: true }),
    );
    if (generated.status !== 200) throw new Error(`backup codes: ${generated.status} ${JSON.stringify(generated.body)}`);
    const flow = generated.body as Flow;
    const secrets = flow.ui.nodes.find((node) => node.attributes.id === "lookup_secret_codes")?.attributes.text?.context?.secrets ?? [];
    if (secrets.length === 0) throw new Error("the settings flow shows no backup codes");
    const confirmed = await this.read(await this.submit("settings", flow, { method: "lookup_secret", lookup_secret_confirm: true }));
    if (confirmed.status !== 200) throw new Error(`backup codes confirmation: ${confirmed.status} ${JSON.stringify(confirmed.body)}`);
    return secrets.map(({ text }) => text);
  }

  /** The logout Kratos hands out to this browser: its URL as a path on the portal, and its token. */
  async startLogout(): Promise<{ path: string; token: string }> {
    const { status, body } = await this.read(await this.get("/kratos/self-service/logout/browser"));
    if (status !== 200) throw new Error(`logout: ${status} ${JSON.stringify(body)}`);
    const { logout_url: url, logout_token: token } = body as { logout_url: string; logout_token: string };
    const { pathname, search } = new URL(url);
    return { path: `${pathname}${search}`, token };
  }

  /** Signs out through the logout URL Kratos hands out, or the one given. */
  async signOut(logout?: { path: string }): Promise<Answer> {
    return this.get((logout ?? (await this.startLogout())).path);
  }
}
