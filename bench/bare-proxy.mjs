// The floor for the bench's proxy figures: the least a Node proxy does for a
// request (read it, forward it to Kratos over a kept-alive undici pool, copy
// the answer back in one write), with none of the portal's work (routing,
// headers, limits, metrics, logs). What the portal costs above this is its own.
// Usage: node bare-proxy.mjs <port> <upstream origin>
import { createServer } from "node:http";
import { Pool } from "undici";

const [port, upstream] = process.argv.slice(2);
const pool = new Pool(upstream, { connections: 64 });

createServer((req, res) => {
  pool
    .request({ method: req.method, path: req.url, headers: { cookie: req.headers.cookie ?? "", accept: "application/json" } })
    .then(async ({ statusCode, headers, body }) => {
      const answer = Buffer.from(await body.arrayBuffer());
      res.writeHead(statusCode, { "content-type": String(headers["content-type"]), "content-length": answer.length });
      res.end(answer);
    })
    .catch((error) => {
      res.writeHead(502).end(String(error));
    });
}).listen(Number(port), "127.0.0.1");
