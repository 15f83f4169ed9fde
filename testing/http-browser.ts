// A browser over real HTTP (fetch): one cookie jar (tough-cookie) for
// everything on loopback, as one browser behind one origin would have,
// redirects taken one at a time, and Kratos' browser flows (kratos-browser.ts)
// at a portal, as the SPA drives them.
import { CookieJar } from "tough-cookie";
import { KratosBrowser, type Reply } from "./kratos-browser.js";

/** The stacks' public URLs (the portal's origin, Hydra's issuer) name localhost; their servers listen on 127.0.0.1 only. */
export const onLoopback = (url: string) => url.replace("//localhost:", "//127.0.0.1:");

/** An answer with its body read as JSON (undefined when empty). */
export interface JsonAnswer<T = unknown> {
  status: number;
  body: T;
}

export class HttpBrowser {
  readonly jar = new CookieJar();

  /** `origin` is what the portals serve; changes send it as their pages would. */
  constructor(private readonly origin: string) {}

  /** A form (`form`) is posted as a page's form would be, from the page's own origin. */
  async request(
    url: string,
    { method, json, form }: { method?: string; json?: object; form?: Record<string, string> } = {},
  ): Promise<Response> {
    const target = onLoopback(url);
    const cookie = await this.jar.getCookieString(target);
    const headers: Record<string, string> = { accept: "application/json" };
    if (cookie) headers.cookie = cookie;
    if (json) Object.assign(headers, { "content-type": "application/json", origin: this.origin });
    if (form) Object.assign(headers, { "content-type": "application/x-www-form-urlencoded", origin: new URL(target).origin });
    const body = json ? JSON.stringify(json) : form && new URLSearchParams(form).toString();
    const response = await fetch(target, { method: method ?? (body === undefined ? "GET" : "POST"), headers, body, redirect: "manual" });
    for (const header of response.headers.getSetCookie()) await this.jar.setCookie(header, target);
    return response;
  }

  async json<T>(url: string, init?: { method?: string; json?: object }): Promise<JsonAnswer<T>> {
    const response = await this.request(url, init);
    const text = await response.text();
    return { status: response.status, body: (text ? JSON.parse(text) : undefined) as T };
  }

  /** Where a redirect answer points. */
  async location(url: string): Promise<URL> {
    const response = await this.request(url);
    const location = response.headers.get("location");
    if (response.status < 300 || response.status >= 400 || !location) {
      throw new Error(`${url} answered ${response.status}, not a redirect: ${await response.text()}`);
    }
    return new URL(location, url);
  }

  /** Kratos' browser flows at one portal, with this browser's cookies (any portal of the origin: a flow lives in the shared database). */
  at(portal: string): KratosBrowser<JsonAnswer> {
    return new PortalFlows(this, portal);
  }
}

class PortalFlows extends KratosBrowser<JsonAnswer> {
  constructor(
    private readonly browser: HttpBrowser,
    private readonly portal: string,
  ) {
    super();
  }

  protected get(path: string): Promise<JsonAnswer> {
    return this.browser.json(`${this.portal}${path}`);
  }

  protected post(path: string, body: object): Promise<JsonAnswer> {
    return this.browser.json(`${this.portal}${path}`, { method: "POST", json: body });
  }

  protected async read(answer: JsonAnswer): Promise<Reply> {
    return answer;
  }
}
