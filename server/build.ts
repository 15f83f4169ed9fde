// The server as the image runs it: server/src/server.ts and everything it
// imports (the contract, Fastify, the Ory SDK, every other dependency) bundled
// by esbuild into one ES module, server/dist/server.mjs, with its source map.
// The image then holds no node_modules, and Node parses one file instead of
// some thousand modules: less memory, and a faster start. npm run build and
// stack/release.ts both build it with this script; a test may name another
// folder (its first argument).
//
// Tracing (tracing.ts, with OpenTelemetry), which serve.ts imports only when
// asked, is a module of its own beside it, server/dist/tracing.mjs: a portal
// that does not trace never reads it. Not esbuild's code splitting: a chunk
// split off that way exports a CommonJS module (ioredis, imported when a Redis
// is set) as its default only, and `const { Redis } = await import("ioredis")`
// finds nothing. The two bundles share no state: OpenTelemetry's API keeps its
// registrations on the global object, for every copy of it.
//
// admin-role.ts, the operator's command for the first admin, is a third:
// server/dist/admin-role.mjs, run with `docker compose exec portal node …`.
// breach-range.ts, the breach range service, a fourth: server/dist/breach-range.mjs,
// the same image run with another command (docs/breached-passwords.md).
import { rmSync } from "node:fs";
import { join, resolve } from "node:path";
import { build, type Plugin } from "esbuild";

const serverDir = import.meta.dirname;
const outdir = process.argv[2] ? resolve(process.argv[2]) : join(serverDir, "dist");

/** serve.ts' `import("./tracing.js")` is left to Node, at the bundle beside it. */
const tracingApart: Plugin = {
  name: "tracing-apart",
  setup(build) {
    build.onResolve({ filter: /^\.\/tracing\.js$/ }, ({ importer }) =>
      importer.endsWith(join("src", "serve.ts")) ? { path: "./tracing.mjs", external: true } : undefined,
    );
  },
};

rmSync(outdir, { recursive: true, force: true });
await build({
  entryPoints: [
    join(serverDir, "src", "server.ts"),
    join(serverDir, "src", "tracing.ts"),
    join(serverDir, "src", "admin-role.ts"),
    join(serverDir, "src", "breach-range.ts"),
  ],
  outdir,
  outExtension: { ".js": ".mjs" },
  plugins: [tracingApart],
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
