// A browser's side of app.inject(): its cookies in a tough-cookie jar, and
// Kratos' browser flows (kratos-browser.ts) through the portal's /kratos proxy.
import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import { CookieJar, type Cookie } from "tough-cookie";
import { KratosBrowser, type Reply } from "../../../testing/kratos-browser.js";
import { portalOriginOf } from "./build.js";

/** Where app.inject() sends a request that names a path only (light-my-request's default host). */
const injected = "http://localhost/";

export interface BrowserOptions {
  /** Sent with every request, e.g. the X-Forwarded-For of a client behind a proxy. */
  headers?: Record<string, string>;
  /** Another browser's cookies, as the same browser's requests to another portal would carry them. */
  jar?: CookieJar;
  /** Submit flows as a natively submitted HTML form (flat fields), as webauthn.js sends them. */
  nativeForms?: boolean;
}

export class Browser extends KratosBrowser<LightMyRequestResponse> {
  readonly jar: CookieJar;
  private readonly headers: Record<string, string>;
  private readonly nativeForms: boolean;

  constructor(
    readonly app: FastifyInstance,
    options: BrowserOptions = {},
  ) {
    super();
    this.headers = options.headers ?? {};
    this.jar = options.jar ?? new CookieJar();
    this.nativeForms = options.nativeForms ?? false;
  }

  async request(method: "GET" | "POST", url: string, payload?: object, form = false): Promise<LightMyRequestResponse> {
    const target = new URL(url, injected);
    const response = await this.app.inject({
      method,
      url,
      payload: form ? new URLSearchParams(payload as Record<string, string>).toString() : payload,
      headers: {
        // A page's change carries its origin, as browsers send it.
        ...(method === "POST" ? { origin: portalOriginOf(this.app) } : {}),
        ...this.headers,
        accept: form ? "text/html" : "application/json",
        ...(form ? { "content-type": "application/x-www-form-urlencoded" } : {}),
        cookie: this.jar.getCookieStringSync(target),
      },
    });
    for (const cookie of [response.headers["set-cookie"] ?? []].flat()) this.jar.setCookieSync(cookie, target);
    return response;
  }

  /** The cookies the browser sends to the portal. */
  cookies(): Cookie[] {
    return this.jar.getCookiesSync(injected);
  }

  /** Its Cookie header, for a request made with app.inject() directly. */
  cookieHeader(): string {
    return this.jar.getCookieStringSync(injected);
  }

  protected get(path: string): Promise<LightMyRequestResponse> {
    return this.request("GET", path);
  }

  protected post(path: string, body: object): Promise<LightMyRequestResponse> {
    return this.request("POST", path, body, this.nativeForms);
  }

  protected async read(answer: LightMyRequestResponse): Promise<Reply> {
    return { status: answer.statusCode, body: answer.body ? answer.json() : undefined };
  }
}
