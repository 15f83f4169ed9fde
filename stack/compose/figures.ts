// What the compose suite measures of the portal's image once its journeys have
// run (docs/benchmarks.md, "The image"): its size, how long a portal takes from
// its container's start to listening, and each portal's memory now and at its
// peak since it started (the journeys, the restarts and the traffic). Figures
// are printed, never asserted: these machines are noisy.
import type { ComposeStack } from "./compose-stack.js";
import { runCommand } from "./images.js";

const mb = (bytes: number) => `${(bytes / 1_000_000).toFixed(0)} MB`;

/** A container's memory in use and its peak, from its cgroup (v1 or v2), in bytes. */
async function memory(container: string): Promise<{ now: number; peak: number }> {
  const read = async (file: string) => Number((await runCommand("docker", ["exec", container, "cat", file])).trim());
  try {
    return { now: await read("/sys/fs/cgroup/memory.current"), peak: await read("/sys/fs/cgroup/memory.peak") };
  } catch {
    return {
      now: await read("/sys/fs/cgroup/memory/memory.usage_in_bytes"),
      peak: await read("/sys/fs/cgroup/memory/memory.max_usage_in_bytes"),
    };
  }
}

/** From the container's start to the server's "listening" line (pino's time), in milliseconds. */
async function startTime(stack: ComposeStack, container: string): Promise<number | undefined> {
  await runCommand("docker", ["restart", "--time", "10", container], { env: stack.env });
  const startedAt = Date.parse((await runCommand("docker", ["inspect", "--format", "{{.State.StartedAt}}", container])).trim());
  for (let waited = 0; waited < 30_000; waited += 250) {
    const lines = (await runCommand("docker", ["logs", "--since", new Date(startedAt).toISOString(), container])).split("\n");
    const listening = lines
      .map((line) => {
        try {
          return JSON.parse(line) as { time?: number; msg?: string };
        } catch {
          return {};
        }
      })
      .find((entry) => typeof entry.time === "number" && /listening/i.test(entry.msg ?? ""));
    if (listening?.time !== undefined) return listening.time - startedAt;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return undefined;
}

export async function imageFigures(stack: ComposeStack, log: (line: string) => void): Promise<void> {
  const portals = (await stack.compose("ps --quiet portal")).trim().split("\n").filter(Boolean);
  const image = (await runCommand("docker", ["inspect", "--format", "{{.Image}}", portals[0]])).trim();
  const size = Number((await runCommand("docker", ["image", "inspect", "--format", "{{.Size}}", image])).trim());
  log(`the portal's image: ${mb(size)} (on the node stand-in, stack/compose/images/node)`);
  for (const [index, container] of portals.entries()) {
    const { now, peak } = await memory(container);
    log(`portal ${index + 1}: ${mb(now)} in use after the journeys, ${mb(peak)} at its peak since it started`);
  }
  const started = await startTime(stack, portals[0]);
  log(`portal 1 restarted: listening ${started === undefined ? "not seen within 30 s" : `${started} ms after its container started`}`);
  const { now } = await memory(portals[0]);
  log(`portal 1 idle after its restart: ${mb(now)}`);
}
