// The client as the app configures it, against a local server that records
// what arrives: calls ask for JSON, and Kratos' error answers reject with
// their status and parsed body.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
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

describe("the Kratos client", () => {
  it("asks for JSON: without it Kratos redirects a browser flow call instead of answering with the flow", async () => {
    await createKratosClient(basePath).getLoginFlow({ id: "flow-1" });
    expect(received).toEqual(["GET /self-service/login/flows?id=flow-1 accept=application/json"]);
  });

  it("rejects an error answer with its status and body", async () => {
    const failure = await createKratosClient(basePath)
      .getLoginFlow({ id: "flow-gone" })
      .then(() => undefined, failureOf);
    expect(failure).toMatchObject({ status: 410, body: { error: { id: "self_service_flow_expired" } } });
  });
});
