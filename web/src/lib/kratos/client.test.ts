// Spec §5: a flow call without its mandatory argument is refused before
// anything is sent. A local server counts what actually arrives, and the
// browser's transports (XHR, fetch) are watched, whichever the SDK picks.
// Kratos' error answers reject with their status and parsed body.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { createKratosClient } from "./client";
import { failureOf } from "./errors";

let server: Server;
let received: string[] = [];
let basePath = "";

beforeAll(async () => {
  server = createServer((request, response) => {
    received.push(`${request.method} ${request.url} accept=${request.headers.accept}`);
    const gone = request.url?.includes("id=flow-gone") === true;
    response.writeHead(gone ? 410 : 200, {
      "content-type": "application/json",
      "access-control-allow-origin": request.headers.origin ?? "*",
      "access-control-allow-credentials": "true",
    });
    response.end(JSON.stringify(gone ? { error: { id: "self_service_flow_expired", code: 410 } } : { id: "flow-1" }));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  basePath = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

beforeEach(() => {
  received = [];
});

afterEach(() => {
  vi.restoreAllMocks();
});

const missing = undefined as unknown as string;

describe("the Kratos client", () => {
  it("sends a complete call, so the server and the watch below do see requests", async () => {
    const fetched = vi.spyOn(globalThis, "fetch");
    await createKratosClient(basePath).getLoginFlow({ id: "flow-1" });
    // Asking for JSON: without it Kratos redirects a browser flow call instead of answering with the flow.
    expect(received).toEqual(["GET /self-service/login/flows?id=flow-1 accept=application/json"]);
    expect(fetched).toHaveBeenCalledTimes(1);
  });

  it("rejects an error answer with its status and body", async () => {
    const failure = await createKratosClient(basePath)
      .getLoginFlow({ id: "flow-gone" })
      .then(() => undefined, failureOf);
    expect(failure).toMatchObject({ status: 410, body: { error: { id: "self_service_flow_expired" } } });
  });

  it.each([
    ["the flow id", "id", () => createKratosClient(basePath).getLoginFlow({ id: missing })],
    [
      "the body",
      "updateLoginFlowBody",
      () => createKratosClient(basePath).updateLoginFlow({ flow: "flow-1", updateLoginFlowBody: missing as never }),
    ],
    ["the session id", "id", () => createKratosClient(basePath).disableMySession({ id: missing })],
  ])("refuses a call without %s and sends nothing", async (_what, parameter, call) => {
    const opened = vi.spyOn(XMLHttpRequest.prototype, "open");
    const fetched = vi.spyOn(globalThis, "fetch");
    // The refusal is the SDK building the request: it rejects before any transport is touched.
    await expect(call()).rejects.toThrow(`Required parameter "${parameter}" was null or undefined`);
    expect(opened).not.toHaveBeenCalled();
    expect(fetched).not.toHaveBeenCalled();
    expect(received).toEqual([]);
  });
});
