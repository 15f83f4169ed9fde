// GET /api/users/:id: one account, its active sessions and its audit trail.
import { queryOptions } from "@tanstack/react-query";
import { apiReads } from "#contract/boot.js";
import { apiRequest } from "../../../lib/api-client";
import { takeBootAnswer } from "../../../lib/boot-data";
import { userPath, usersKey, type UserDetail } from "./user-types";

export function getUser(id: string, signal?: AbortSignal) {
  return apiRequest<UserDetail>(userPath(id), { signal });
}

export const userQueryOptions = (id: string) =>
  queryOptions({
    queryKey: [...usersKey, "one", id],
    queryFn: ({ signal }) => getUser(id, signal),
    // The page came with this person (the server renders it with them).
    initialData: () => takeBootAnswer(apiReads.user(id)) as UserDetail | undefined,
    // The page's own answer is as fresh as a request now would be; after it, asked again whenever shown.
    staleTime: (query) => (query.state.dataUpdateCount === 0 ? Infinity : 0),
  });
