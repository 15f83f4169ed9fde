// Runs the stack's processes: labels each one's output, waits for readiness,
// and stops everything when one of them dies or the user presses Ctrl-C, so
// that the stack is never left half-running.
import { spawn, type ChildProcess, type SpawnOptions } from "node:child_process";
import { createServer } from "node:net";
import { createInterface } from "node:readline";

const colors = [36, 35, 33, 32, 34];

/** A line about a failure: Kratos' and Hydra's (logrus, text or JSON), the portal's (pino: 50 error, 60 fatal), a Go panic. */
const errorLine = /\blevel=(error|fatal|panic)\b|"level":("(error|fatal|panic)"|(50|60)\b)|^panic:/;

export class Supervisor {
  private readonly children = new Map<string, ChildProcess>();
  private readonly stopSignals = new WeakMap<ChildProcess, NodeJS.Signals>();
  private stopping = false;
  private labelWidth = 7;
  private died?: (reason: string) => void;
  /** Settles when a supervised process exits on its own; never if none does. */
  readonly death = new Promise<string>((resolve) => (this.died = resolve));

  private readonly recent: string[] = [];
  private readonly errors: string[] = [];
  private errorsSeen = 0;
  private readonly echo: boolean;
  private readonly showProgress: boolean;

  /**
   * `echo` off (test suites): the processes' output is kept for recentOutput()
   * instead of printed. `progress` on: what the stack is doing (builds,
   * migrations, what it waits for) is printed all the same.
   */
  constructor({ echo = true, progress = echo }: { echo?: boolean; progress?: boolean } = {}) {
    this.echo = echo;
    this.showProgress = progress;
  }

  /** The last lines the processes printed, for explaining a failure. */
  recentOutput(): string {
    return this.recent.join("\n");
  }

  /** A line of a process's output. */
  log(label: string, line: string): void {
    if (this.echo) this.print(label, line);
    else this.keep(label, line);
  }

  /** A line about what the stack is doing, so that a long step never looks like a hang. */
  progress(label: string, line: string): void {
    if (this.showProgress) this.print(label, line);
    if (!this.echo) this.keep(label, line);
  }

  /** How many error lines the processes have printed so far: a mark for recentErrors. */
  errorCount(): number {
    return this.errorsSeen;
  }

  /**
   * The last error lines the processes printed (Kratos' and Hydra's `level=error`, a panic), kept apart from the
   * rest; with a mark of errorCount, only those printed since.
   */
  recentErrors(since = 0): string[] {
    const firstKept = this.errorsSeen - this.errors.length;
    return this.errors.slice(Math.max(0, since - firstKept));
  }

  private keep(label: string, line: string): void {
    this.recent.push(`${label} | ${line}`);
    if (this.recent.length > 200) this.recent.shift();
    if (errorLine.test(line)) {
      this.errorsSeen += 1;
      this.errors.push(`${label} | ${line}`);
      if (this.errors.length > 40) this.errors.shift();
    }
  }

  private print(label: string, line: string): void {
    const color = colors[Array.from(label).reduce((sum, c) => sum + c.charCodeAt(0), 0) % colors.length];
    const tag = label.padEnd(this.labelWidth);
    const prefix = process.stdout.isTTY ? `\x1b[${color}m${tag}\x1b[0m |` : `${tag} |`;
    process.stdout.write(`${prefix} ${line}\n`);
  }

  private pipe(label: string, child: ChildProcess): void {
    this.labelWidth = Math.max(this.labelWidth, label.length);
    for (const stream of [child.stdout, child.stderr]) {
      if (stream)
        createInterface({ input: stream }).on("line", (line) => {
          this.log(label, line);
        });
    }
  }

  /**
   * Runs a command to completion; rejects with its exit status otherwise.
   * With `quiet`, its output is shown only when it fails (e.g. one log line per migration).
   */
  run(label: string, command: string, args: string[], options: SpawnOptions & { quiet?: boolean } = {}): Promise<void> {
    const { quiet = false, ...spawnOptions } = options;
    return new Promise((resolve, reject) => {
      const child = spawn(command, args, { ...spawnOptions, stdio: ["ignore", "pipe", "pipe"] });
      const held: string[] = [];
      if (quiet) {
        for (const stream of [child.stdout, child.stderr]) {
          createInterface({ input: stream }).on("line", (line) => held.push(line));
        }
      } else {
        this.pipe(label, child);
      }
      child.on("error", (error) => {
        reject(new Error(`${label}: could not run ${command}: ${error.message}`));
      });
      child.on("exit", (code, signal) => {
        if (code === 0) {
          resolve();
          return;
        }
        for (const line of held.slice(-40)) this.log(label, line);
        reject(new Error(`${label}: ${[command, ...args].join(" ")} exited with ${signal ?? `status ${code}`}`));
      });
    });
  }

  /**
   * Starts a long-running service; its unexpected exit stops the whole stack.
   * `stopSignal` is what stop() sends first (PostgreSQL shuts down fast on SIGINT).
   */
  start(
    label: string,
    command: string,
    args: string[],
    { stopSignal = "SIGTERM", ...options }: SpawnOptions & { stopSignal?: NodeJS.Signals } = {},
  ): ChildProcess {
    const child = spawn(command, args, { ...options, stdio: ["ignore", "pipe", "pipe"] });
    this.children.set(label, child);
    this.stopSignals.set(child, stopSignal);
    this.pipe(label, child);
    child.on("error", (error) => this.died?.(`${label} could not be started: ${error.message}`));
    child.on("exit", (code, signal) => {
      // stop() unregisters a child before ending it: only a registered one dies unexpectedly.
      if (this.children.get(label) !== child) return;
      this.children.delete(label);
      if (this.stopping) return;
      // Its last lines say why; they are read once its output closes (half a second at most: a process it left may hold it).
      const closed = new Promise((done) => child.once("close", done));
      void Promise.race([closed, new Promise((done) => setTimeout(done, 500).unref())]).then(() => {
        const last = this.recent.filter((line) => line.startsWith(`${label} | `)).slice(-8);
        const said = last.length === 0 ? "" : `; its last lines:\n${last.join("\n")}`;
        this.died?.(`${label} exited unexpectedly with ${signal ?? `status ${code}`}${said}`);
      });
    });
    return child;
  }

  /** The process id of a running service, e.g. to read its memory. */
  pid(label: string): number | undefined {
    return this.children.get(label)?.pid;
  }

  /**
   * Stops one service and waits for it, e.g. to show what the portal does
   * without Kratos. `signal: "SIGKILL"` ends it as a crash would.
   */
  async stop(label: string, { timeoutMs = 10_000, signal }: { timeoutMs?: number; signal?: NodeJS.Signals } = {}): Promise<void> {
    const child = this.children.get(label);
    if (!child || child.exitCode !== null) return;
    this.children.delete(label);
    const exited = new Promise<void>((resolve) =>
      child.once("exit", () => {
        resolve();
      }),
    );
    child.kill(signal ?? this.stopSignals.get(child) ?? "SIGTERM");
    const timer = setTimeout(() => child.kill("SIGKILL"), timeoutMs);
    await exited;
    clearTimeout(timer);
  }

  /**
   * Waits until the URL answers 2xx, saying every 10 s what it is still waiting
   * for; fails naming it after the timeout, or at once when a process dies.
   */
  async waitFor(label: string, url: string, what: string, timeoutMs = 60_000): Promise<void> {
    await this.waitUntil(label, `${what} at ${url}`, () => answersOk(url), timeoutMs);
  }

  /**
   * Waits until `ready` resolves true, saying every 10 s what it is still
   * waiting for; fails naming it (and the last reason `ready` gave) after the
   * timeout, or at once when a process dies.
   */
  async waitUntil(label: string, what: string, ready: () => Promise<true | string>, timeoutMs = 60_000): Promise<void> {
    const started = Date.now();
    const ticker = setInterval(() => {
      this.progress(label, `waiting for ${what} (${Math.round((Date.now() - started) / 1000)}s)`);
    }, 10_000);
    let dead: string | undefined;
    void this.death.then((reason) => (dead = reason));
    let lastError = "no answer";
    try {
      while (Date.now() - started < timeoutMs) {
        if (dead) throw new Error(dead);
        const result = await ready();
        if (result === true) return;
        lastError = result;
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
      throw new Error(`${what} was not ready after ${timeoutMs / 1000}s (${lastError})`);
    } finally {
      clearInterval(ticker);
    }
  }

  async stopAll(): Promise<void> {
    this.stopping = true;
    await Promise.all([...this.children.keys()].reverse().map((label) => this.stop(label)));
  }
}

/** Rejects with a message naming the port and its variable when it is taken. */
export async function assertPortFree(port: number, variable: string, host = "127.0.0.1"): Promise<void> {
  await new Promise<void>((resolve, reject) => {
    const server = createServer();
    server.once("error", (error: NodeJS.ErrnoException) => {
      reject(
        new Error(
          error.code === "EADDRINUSE"
            ? `port ${port} is already in use (set ${variable} to use another one, or stop what is listening there)`
            : `port ${port} (${variable}) cannot be used: ${error.message}`,
        ),
      );
    });
    server.listen(port, host, () =>
      server.close(() => {
        resolve();
      }),
    );
  });
}

/** A port that is free right now, for test stacks that must not collide with `npm start`. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => {
        if (typeof address === "object" && address) resolve(address.port);
        else reject(new Error("no port"));
      });
    });
  });
}

/** True when the URL answers 2xx, otherwise why not. */
async function answersOk(url: string): Promise<true | string> {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(2000) });
    return response.ok ? true : `status ${response.status}`;
  } catch (error) {
    return (error as Error).message;
  }
}
