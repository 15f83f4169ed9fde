// The app's runtime configuration (the contract's RuntimeConfig): carried by
// the page, or served by the portal as /config.json.
import type { RuntimeConfig } from "#contract/schemas/runtime-config.js";
import { apiRequest } from "./api-client";
import { bootConfig } from "./boot-data";

/** Used when /config.json cannot be read, e.g. the SPA served by `vite` alone. */
export const developmentFallback: RuntimeConfig = { KRATOS_PUBLIC_URL: "http://localhost:3000/kratos" };

/** A /config.json that never answers falls back like one that fails, instead of spinning forever. */
export const configTimeoutMs = 5000;

/** The configuration the page carries (its start-up data), else /config.json. */
export async function loadRuntimeConfig(): Promise<RuntimeConfig> {
  const carried = bootConfig();
  if (carried && typeof carried.KRATOS_PUBLIC_URL === "string" && carried.KRATOS_PUBLIC_URL !== "") return carried;
  try {
    const body = await apiRequest<Partial<RuntimeConfig> | undefined>("/config.json", { timeoutMs: configTimeoutMs });
    if (typeof body?.KRATOS_PUBLIC_URL !== "string" || body.KRATOS_PUBLIC_URL === "") {
      throw new Error("KRATOS_PUBLIC_URL is missing");
    }
    return { KRATOS_PUBLIC_URL: body.KRATOS_PUBLIC_URL };
  } catch (error) {
    console.warn(
      `Could not read /config.json (${(error as Error).message}); using the development fallback ${developmentFallback.KRATOS_PUBLIC_URL}`,
    );
    return developmentFallback;
  }
}
