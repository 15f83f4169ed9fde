// A throw-away Redis (the machine's redis-server, Debian's package) on a free
// loopback port, keeping nothing on disk: the store of the portals' shared
// abuse limits in the scale-out stack.
import { mkdtempSync, rmSync } from "node:fs";
import { connect } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { freePort, type Supervisor } from "./supervisor.js";

/** One PING; true on +PONG, otherwise why not. */
function ping(port: number): Promise<true | string> {
  return new Promise((resolve) => {
    const socket = connect({ host: "127.0.0.1", port });
    socket.setTimeout(2000, () => socket.destroy(new Error("no answer")));
    socket.once("connect", () => socket.write("PING\r\n"));
    socket.once("data", (data) => {
      socket.end();
      resolve(data.toString().startsWith("+PONG") ? true : data.toString().trim());
    });
    socket.once("error", (error) => {
      resolve(error.message);
    });
  });
}

export interface RedisServer {
  url: string;
  /** Starts it again on the same port after the supervisor stopped it (as a restarted Redis comes back). */
  restart(): Promise<void>;
  /** Deletes its working folder; call after the supervisor stopped it. */
  remove(): void;
}

export async function startRedis(supervisor: Supervisor, label = "redis"): Promise<RedisServer> {
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), "account-portal-redis-"));
  const remove = () => {
    rmSync(dir, { recursive: true, force: true });
  };
  await serve(supervisor, label, port, dir).catch((error: unknown) => {
    remove();
    throw error;
  });
  return { url: `redis://127.0.0.1:${port}`, restart: () => serve(supervisor, label, port, dir), remove };
}

async function serve(supervisor: Supervisor, label: string, port: number, dir: string): Promise<void> {
  supervisor.start(label, "redis-server", [
    "--port",
    String(port),
    "--bind",
    "127.0.0.1",
    "--dir",
    dir,
    "--save",
    "",
    "--appendonly",
    "no",
  ]);
  try {
    await supervisor.waitUntil(label, `Redis on 127.0.0.1:${port} (Debian: apt-get install redis-server)`, () => ping(port), 30_000);
  } catch (error) {
    await supervisor.stop(label);
    throw error;
  }
}
