// Kratos' browser flows (kratos-browser.ts) over Playwright's request context:
// its cookies are the browser context's own, so its pages share the session.
import type { APIRequestContext, APIResponse } from "@playwright/test";
import { KratosBrowser, type Reply } from "./kratos-browser.js";

const headers = { accept: "application/json" };

export class RequestContextBrowser extends KratosBrowser<APIResponse> {
  /** `portal` is the portal's origin, unless the context has it as its baseURL. */
  constructor(
    private readonly request: APIRequestContext,
    private readonly portal = "",
  ) {
    super();
  }

  protected get(path: string): Promise<APIResponse> {
    return this.request.get(`${this.portal}${path}`, { headers });
  }

  protected post(path: string, body: object): Promise<APIResponse> {
    return this.request.post(`${this.portal}${path}`, { headers, data: body });
  }

  protected async read(answer: APIResponse): Promise<Reply> {
    const text = await answer.text();
    return { status: answer.status(), body: text ? JSON.parse(text) : undefined };
  }
}
