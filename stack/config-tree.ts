// Configuration trees as Kratos and Hydra read them (YAML/JSON objects), and
// the deep merge that puts the stack's runtime values on top of config/.
export type ConfigTree = { [key: string]: unknown };

function isTree(value: unknown): value is ConfigTree {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** Objects merge key by key; anything else in `extra` (arrays too) replaces. */
export function merge(base: ConfigTree, extra: ConfigTree): ConfigTree {
  const out: ConfigTree = { ...base };
  for (const [key, value] of Object.entries(extra)) {
    const current = out[key];
    out[key] = isTree(current) && isTree(value) ? merge(current, value) : value;
  }
  return out;
}
