// Network conditions Chromium emulates (its DevTools protocol), for the
// benchmark's first loads and for the browser tests of what a visitor on a
// poor mobile link meets.
import type { CDPSession } from "@playwright/test";

export interface NetworkProfile {
  name: string;
  /** Chromium's emulation: added round-trip latency, and throughput in bytes per second. */
  latencyMs: number;
  downloadBytesPerSecond: number;
  uploadBytesPerSecond: number;
}

export const loopback: NetworkProfile = { name: "loopback", latencyMs: 0, downloadBytesPerSecond: -1, uploadBytesPerSecond: -1 };

/** 150 ms latency, 1.6 Mbit/s down, 750 kbit/s up: a slow mobile link, the bench's (docs/benchmarks.md). */
export const throttled: NetworkProfile = {
  name: "throttled",
  latencyMs: 150,
  downloadBytesPerSecond: (1.6 * 1_000_000) / 8,
  uploadBytesPerSecond: (750 * 1000) / 8,
};

/** The page of this DevTools session meets the profile's network from now on. */
export async function emulateNetwork(cdp: CDPSession, profile: NetworkProfile): Promise<void> {
  await cdp.send("Network.enable");
  if (profile === loopback) return;
  await cdp.send("Network.emulateNetworkConditions", {
    offline: false,
    latency: profile.latencyMs,
    downloadThroughput: profile.downloadBytesPerSecond,
    uploadThroughput: profile.uploadBytesPerSecond,
  });
}
