// Kratos' browser flows (kratos-browser.ts) over Playwright's request context:
// its cookies are the browser context's own, so its pages share the session.
import type { APIRequestContext, APIResponse } from "@playwright/test";
import { KratosBrowser, type Reply } from "./kratos-browser.js";

const headers = { accept: "application/json" };

export class RequestContextBrowser extends KratosBrowser<APIResponse> {
  /** `portal` is the portal's origin: the requests' base, and the Origin that its pages' posts carry. */
  constructor(
    private readonly request: APIRequestContext,
    private readonly portal: string,
  ) {
    super();
  }

  protected get(path: string): Promise<APIResponse> {
    return this.request.get(`${this.portal}${path}`, { headers });
  }

  protected post(path: string, body: object): Promise<APIResponse> {
    return this.request.post(`${this.portal}${path}`, { headers: { ...headers, origin: this.portal }, data: body });
  }

  protected async read(answer: APIResponse): Promise<Reply> {
    const text = await answer.text();
    return { status: answer.status(), body: text ? JSON.parse(text) : undefined };
  }
}
