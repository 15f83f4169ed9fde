// The breach range service: Have I Been Pwned's k-anonymity range API
// (GET /range/{5 hex digits}) answered from a range file (range-file.ts), so
// that Kratos' breach check (selfservice.methods.password.config,
// haveibeenpwned_host) calls no one outside. Kratos calls it over HTTPS only.
// It learns five hex digits of a password's SHA-1, as the public API does;
// it logs no path, so not even those are kept.
import { createServer, type Server } from "node:https";
import type { RangeFile } from "./range-file.js";

const rangePath = /^\/range\/([0-9A-Fa-f]{5})$/;

export interface RangeServerOptions {
  file: RangeFile;
  /** PEM certificate (with its chain) and key. */
  cert: string | Buffer;
  key: string | Buffer;
  onError?: (error: Error) => void;
}

export function createRangeServer({ file, cert, key, onError }: RangeServerOptions): Server {
  return createServer({ cert, key }, (request, response) => {
    const send = (status: number, body: Buffer | string) => {
      response.writeHead(status, {
        "content-type": "text/plain; charset=utf-8",
        "content-length": Buffer.byteLength(body),
        "cache-control": "no-store",
      });
      response.end(request.method === "HEAD" ? undefined : body);
    };
    if (request.method !== "GET" && request.method !== "HEAD") {
      response.setHeader("allow", "GET, HEAD");
      send(405, "method not allowed\n");
      return;
    }
    const path = (request.url ?? "").split("?")[0];
    if (path === "/healthz") {
      send(200, "ok\n");
      return;
    }
    const match = rangePath.exec(path);
    if (!match) {
      send(404, "not found\n");
      return;
    }
    file.range(match[1]).then(
      (body) => {
        send(200, body);
      },
      (error: unknown) => {
        onError?.(error as Error);
        send(500, "the range file cannot be read\n");
      },
    );
  });
}
