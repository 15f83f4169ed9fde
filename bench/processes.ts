// What the bench reads of the stack's processes from /proc: CPU time and
// resident memory, each of a process together with its children (PostgreSQL
// serves every connection from a process of its own).
import { readdirSync, readFileSync } from "node:fs";

// Linux counts a process's CPU time in clock ticks of 10 ms (USER_HZ is 100 on every architecture Node runs on).
const usPerTick = 10_000;

/** The fields of /proc/<pid>/stat after the command name, which is in parentheses and may hold spaces. */
function statFields(pid: number): string[] | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    return stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  } catch {
    // The process ended between the listing and the read.
    return undefined;
  }
}

/** The process and every process below it. */
function processTree(pid: number): number[] {
  const children = new Map<number, number[]>();
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    const parent = Number(statFields(Number(entry))?.[1]);
    children.set(parent, [...(children.get(parent) ?? []), Number(entry)]);
  }
  const tree: number[] = [];
  const visit = (id: number) => {
    tree.push(id);
    for (const child of children.get(id) ?? []) visit(child);
  };
  visit(pid);
  return tree;
}

/**
 * User and system CPU time of a process and its children so far, in microseconds: the living children's own, and
 * what the process was credited with for those that ended (cutime, cstime), so that a delta counts both.
 */
export function cpuTimeUs(pid: number): number {
  let ticks = 0;
  for (const [index, id] of processTree(pid).entries()) {
    const fields = statFields(id);
    if (!fields) continue;
    ticks += Number(fields[11]) + Number(fields[12]);
    if (index === 0) ticks += Number(fields[13]) + Number(fields[14]);
  }
  return ticks * usPerTick;
}

/** Resident memory of a process in MB: now, and the peak since it started. */
export function memoryOf(pid: number): { rssMb: number; peakMb: number } {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const kb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, "m").exec(status)?.[1] ?? NaN);
  return { rssMb: kb("VmRSS") / 1024, peakMb: kb("VmHWM") / 1024 };
}

/** Resident memory of a process in MB, split as the kernel counts it: anonymous (heaps, stacks, malloc) and file-backed (code mapped from the binary), with the peak. */
export function residentSplit(pid: number): { rssMb: number; anonMb: number; fileMb: number; peakMb: number } {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const mb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, "m").exec(status)?.[1] ?? NaN) / 1024;
  return { rssMb: mb("VmRSS"), anonMb: mb("RssAnon"), fileMb: mb("RssFile") + mb("RssShmem"), peakMb: mb("VmHWM") };
}

/**
 * Proportional resident memory of a process and its children in MB: each shared page counted once, split among the
 * processes that map it (PostgreSQL's shared buffers would otherwise count once per connection).
 */
export function treeMemoryMb(pid: number): number {
  let kb = 0;
  for (const id of processTree(pid)) {
    try {
      kb += Number(/^Pss:\s+(\d+) kB/m.exec(readFileSync(`/proc/${id}/smaps_rollup`, "utf8"))?.[1] ?? 0);
    } catch {
      // Ended meanwhile.
    }
  }
  return kb / 1024;
}
