// The SPA's runtime configuration, served by the portal as /config.json (spec §7).
export interface RuntimeConfig {
  KRATOS_PUBLIC_URL: string;
}

/** Used when /config.json cannot be read, e.g. the SPA served by `vite` alone. */
export const developmentFallback: RuntimeConfig = { KRATOS_PUBLIC_URL: "http://localhost:3000/kratos" };

export async function loadRuntimeConfig(fetchImpl: typeof fetch = fetch): Promise<RuntimeConfig> {
  try {
    const response = await fetchImpl("/config.json", { headers: { accept: "application/json" } });
    if (!response.ok) throw new Error(`status ${response.status}`);
    const body = (await response.json()) as Partial<RuntimeConfig>;
    if (typeof body.KRATOS_PUBLIC_URL !== "string" || body.KRATOS_PUBLIC_URL === "") {
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
