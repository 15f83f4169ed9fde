// The server as the image runs it: server/src/server.ts and everything it
// imports (the contract, Fastify, the Ory SDK, every other dependency) bundled
// by esbuild into one ES module, server/dist/server.mjs, with its source map.
// The image then holds no node_modules, and Node parses one file instead of
// some thousand modules: less memory, and a faster start. npm run build and
// stack/release.ts both build it with this script; a test may name another
// folder (its first argument).
//
// What the server imports only when asked (tracing.ts, with OpenTelemetry) is a
// chunk of its own beside it, in server/dist/chunks/: a portal that does not
// trace never reads it.
import { rmSync } from "node:fs";
import { join, resolve } from "node:path";
import { build } from "esbuild";

const serverDir = import.meta.dirname;
const outdir = process.argv[2] ? resolve(process.argv[2]) : join(serverDir, "dist");

rmSync(outdir, { recursive: true, force: true });
await build({
  entryPoints: [join(serverDir, "src", "server.ts")],
  outdir,
  outExtension: { ".js": ".mjs" },
  splitting: true,
  chunkNames: "chunks/[name]-[hash]",
  bundle: true,
  platform: "node",
  format: "esm",
  // The oldest Node the portal supports (package.json's engines).
  target: "node20",
  // Whitespace and syntax only: names stay as written, for stack traces, CPU profiles and heap snapshots.
  minifyWhitespace: true,
  minifySyntax: true,
  legalComments: "none",
  sourcemap: true,
  // The CommonJS dependencies (ioredis, nodemailer…) require Node's own modules, which an ES module has no
  // require for. Their few uses of __dirname (pino's transports, ioredis' friendly error stacks) are options the
  // portal does not use.
  banner: { js: "import{createRequire as __portalRequire}from'node:module';const require=__portalRequire(import.meta.url);" },
  logLevel: "warning",
});
