// GET /api/users/:id: one account, its active sessions and its audit trail.
// The page came with this person (the server renders it with them).
import { apiReads } from "#contract/boot.js";
import { apiRequest } from "../../../lib/api-client";
import { pageReadQueryOptions } from "../../../lib/page-read";
import { userPath, usersKey, type UserDetail } from "./user-types";

export function getUser(id: string, signal?: AbortSignal) {
  return apiRequest<UserDetail>(userPath(id), { signal });
}

export const userQueryOptions = (id: string) =>
  pageReadQueryOptions([...usersKey, "one", id], apiReads.user(id), (signal) => getUser(id, signal));
