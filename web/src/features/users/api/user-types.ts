// The /api/users shapes, from the server's schemas (types only: nothing of
// the server is bundled into the app).
import { apiReads } from "#contract/boot.js";
import type { AuditEntry, RecoveryCode, User, UserDetail, UserList, UserSession } from "#contract/schemas/users.js";

export type { AuditEntry, RecoveryCode, User, UserDetail, UserList, UserSession };

export const usersPath = "/api/users";

/** Every query of this feature starts with this key, so a change invalidates them all. */
export const usersKey = ["api", "users"] as const;

export const userPath = apiReads.user;

/** The whole audit trail as JSON lines: a download, by the browser itself. */
export const auditExportPath = `${usersPath}/audit`;
