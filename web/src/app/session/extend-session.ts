// POST /api/session/extend: "Stay signed in", the caller's own session only; when it now ends.
import type { SessionExtension } from "#contract/schemas/account.js";
import { apiRequest } from "../../lib/api-client";

export function extendSession(): Promise<SessionExtension> {
  return apiRequest<SessionExtension>("/api/session/extend", { method: "POST" });
}
