// GET /api/users/:id: one account, its active sessions and its audit trail.
import { queryOptions } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api-client";
import { userPath, usersKey, type UserDetail } from "./user-types";

export function getUser(id: string, signal?: AbortSignal) {
  return apiRequest<UserDetail>(userPath(id), { signal });
}

export const userQueryOptions = (id: string) =>
  queryOptions({ queryKey: [...usersKey, "one", id], queryFn: ({ signal }) => getUser(id, signal), staleTime: 0 });
