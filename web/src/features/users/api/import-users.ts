// POST /api/users/import: one batch of an import, checked (dry_run) or imported; per row, what happens and why not.
import { apiRequest } from "../../../lib/api-client";
import type { ImportBody, ImportResult } from "#contract/schemas/users.js";
import { usersPath } from "./user-types";

export type { ImportBody, ImportResult };

export function importUsers(body: ImportBody) {
  return apiRequest<ImportResult>(`${usersPath}/import`, { method: "POST", body });
}
