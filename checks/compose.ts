// docker-compose files as compose reads them, without a container engine:
// YAML with merge keys, then each file's values interpolated from the
// environment (${VAR}, ${VAR:-default}, ${VAR-default}, ${VAR:?message},
// ${VAR?message}, $$), where a missing required variable stops the load with
// its message, as `docker compose` does.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { parse } from "yaml";

export interface ComposeService {
  image?: string;
  build?: string | { context: string; args?: string[] };
  read_only?: boolean;
  tmpfs?: string[];
  command?: string;
  environment?: Record<string, string>;
  volumes?: string[];
  ports?: string[];
  networks?: string[];
  container_name?: string;
}

export interface ComposeFile {
  services: Record<string, ComposeService>;
  networks?: Record<string, { internal?: boolean } | null>;
  /** Files compose writes into containers (`content`, with the variables put in). */
  configs?: Record<string, { content?: string }>;
}

export type Env = Record<string, string | undefined>;

export class MissingVariable extends Error {
  override name = "MissingVariable";
}

const reference = /\$(?:\$|\{(\w+)(?:(:?[-?])([^}]*))?\}|(\w+))/g;

export function interpolate(value: string, env: Env): string {
  return value.replace(reference, (match, braced?: string, operator?: string, argument?: string, bare?: string) => {
    if (match === "$$") return "$";
    const name = (braced ?? bare)!;
    const current = env[name];
    const missing = operator?.startsWith(":") ? current === undefined || current === "" : current === undefined;
    if (!missing || !operator) return current ?? "";
    if (operator.endsWith("?")) throw new MissingVariable(`required variable ${name} is missing a value: ${argument}`);
    return argument ?? "";
  });
}

function interpolateTree(node: unknown, env: Env): unknown {
  if (typeof node === "string") return interpolate(node, env);
  if (Array.isArray(node)) return node.map((item) => interpolateTree(item, env));
  if (node && typeof node === "object") {
    return Object.fromEntries(Object.entries(node).map(([key, value]) => [key, interpolateTree(value, env)]));
  }
  return node;
}

export function loadCompose(root: string, file: string, env: Env): ComposeFile {
  const tree = parse(readFileSync(join(root, file), "utf8"), { merge: true }) as Record<string, unknown>;
  // The x- extension fields are only anchors; compose does not interpolate them on their own.
  const used = Object.fromEntries(Object.entries(tree).filter(([key]) => !key.startsWith("x-")));
  return interpolateTree(used, env) as ComposeFile;
}
