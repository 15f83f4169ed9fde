// Reads what `npm run bench` with BENCH_PROFILE wrote: Node's CPU profile
// (--cpu-prof) and a heap snapshot (--heapsnapshot-signal) of the portal
// under load, and says where the time and the memory went, so that the note
// of a change can name causes rather than guess them. Open the files in
// Chrome's DevTools for the whole picture.
import { existsSync, readFileSync } from "node:fs";
import { SourceMap } from "node:module";
import { fileURLToPath } from "node:url";

interface CallFrame {
  functionName: string;
  url: string;
  lineNumber: number;
  columnNumber: number;
}

interface CpuProfile {
  nodes: { id: number; callFrame: CallFrame; children?: number[] }[];
  samples: number[];
}

/**
 * A frame where its code was written: the image's server is one bundle (server/build.ts), whose source map says
 * which package or source file each function came from.
 */
function originalFrames(): (frame: CallFrame) => CallFrame {
  const maps = new Map<string, SourceMap | undefined>();
  const mapOf = (url: string) => {
    if (!maps.has(url)) {
      const file = url.startsWith("file:") ? `${fileURLToPath(url)}.map` : undefined;
      maps.set(
        url,
        file && existsSync(file)
          ? new SourceMap(JSON.parse(readFileSync(file, "utf8")) as ConstructorParameters<typeof SourceMap>[0])
          : undefined,
      );
    }
    return maps.get(url);
  };
  return (frame) => {
    const entry = mapOf(frame.url)?.findEntry(frame.lineNumber, frame.columnNumber);
    return entry && "originalSource" in entry
      ? { ...frame, url: entry.originalSource, lineNumber: entry.originalLine, columnNumber: entry.originalColumn }
      : frame;
  };
}

/** The ids of the profile's nodes that run under a function of this name (the bench's own heap snapshot). */
function underFunction(profile: CpuProfile, functionName: string): Set<number> {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const found = new Set<number>();
  const mark = (id: number) => {
    if (found.has(id)) return;
    found.add(id);
    for (const child of byId.get(id)?.children ?? []) mark(child);
  };
  for (const node of profile.nodes) if (node.callFrame.functionName === functionName) mark(node.id);
  return found;
}

/** Which package (or Node itself, V8, or the portal's own code) a frame belongs to. */
function ownerOf({ functionName, url }: CallFrame): string {
  const packaged = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (packaged) return packaged[1];
  if (url.startsWith("node:")) return "Node's own JavaScript";
  if (functionName === "(garbage collector)") return "garbage collection";
  if (url === "") return "native (socket writes, JSON, regular expressions, V8's own)";
  if (url.includes("/web/dist/ssr/")) return "the app's server render";
  return "the portal's own code";
}

const percent = (part: number, whole: number) => `${((100 * part) / whole).toFixed(1).padStart(5)} %`;

/** The busiest functions and packages by self time, as shares of the busy (non-idle) samples. */
export function summarizeCpuProfile(file: string, top = 20): string[] {
  const profile = JSON.parse(readFileSync(file, "utf8")) as CpuProfile;
  // Writing the heap snapshot after the load is the bench's doing, not the portal's.
  const snapshot = underFunction(profile, "writeHeapSnapshot");
  const functions = new Map<string, number>();
  const owners = new Map<string, number>();
  // Each node's frame where its code was written, looked up once rather than once per sample.
  const original = originalFrames();
  const frames = new Map(profile.nodes.map((node) => [node.id, original(node.callFrame)]));
  let busy = 0;
  for (const id of profile.samples) {
    const frame = frames.get(id);
    if (!frame || frame.functionName === "(idle)" || snapshot.has(id)) continue;
    busy += 1;
    const name = `${frame.functionName || "(anonymous)"} ${frame.url ? `${frame.url.replace(/^.*node_modules\//, "")}:${frame.lineNumber + 1}` : ""}`;
    functions.set(name, (functions.get(name) ?? 0) + 1);
    const owner = ownerOf(frame);
    owners.set(owner, (owners.get(owner) ?? 0) + 1);
  }
  const ranked = (counts: Map<string, number>) =>
    [...counts]
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .map(([name, count]) => `    ${percent(count, busy)}  ${name}`);
  return [`  CPU, self time as a share of ${busy} busy samples, by package:`, ...ranked(owners), "  …by function:", ...ranked(functions)];
}

interface HeapSnapshot {
  snapshot: { meta: { node_fields: string[]; node_types: [string[]] } };
  nodes: number[];
  strings: string[];
}

/** What the heap holds, by kind and constructor, largest first. */
export function summarizeHeapSnapshot(file: string, top = 15): string[] {
  const snapshot = JSON.parse(readFileSync(file, "utf8")) as HeapSnapshot;
  const fields = snapshot.snapshot.meta.node_fields;
  const [typeNames] = snapshot.snapshot.meta.node_types;
  const [type, name, size] = ["type", "name", "self_size"].map((field) => fields.indexOf(field));
  const groups = new Map<string, { bytes: number; count: number }>();
  let total = 0;
  for (let index = 0; index < snapshot.nodes.length; index += fields.length) {
    const kind = typeNames[snapshot.nodes[index + type]];
    // A string's name is its text; strings are one group.
    const key =
      kind === "string" || kind === "concatenated string"
        ? "strings"
        : `${kind} ${snapshot.strings[snapshot.nodes[index + name]].slice(0, 60)}`;
    const group = groups.get(key) ?? { bytes: 0, count: 0 };
    group.bytes += snapshot.nodes[index + size];
    group.count += 1;
    groups.set(key, group);
    total += snapshot.nodes[index + size];
  }
  const mb = (bytes: number) => `${(bytes / 2 ** 20).toFixed(1).padStart(6)} MB`;
  return [
    `  Heap: ${mb(total)} in objects, largest groups:`,
    ...[...groups]
      .sort((a, b) => b[1].bytes - a[1].bytes)
      .slice(0, top)
      .map(([key, { bytes, count }]) => `    ${mb(bytes)}  ${String(count).padStart(7)} × ${key}`),
  ];
}
