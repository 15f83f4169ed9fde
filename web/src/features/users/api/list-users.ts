// GET /api/users: pages of accounts whose email address is, or starts with, `email`.
import { infiniteQueryOptions } from "@tanstack/react-query";
import { apiReads } from "#contract/boot.js";
import { ApiError, apiRequest } from "../../../lib/api-client";
import { takeBootAnswer } from "../../../lib/boot-data";
import { freshWhilePageAnswer } from "../../../lib/page-read";
import { usersKey, usersPath, type UserList } from "./user-types";

export type SearchMatch = "prefix" | "exact";

export interface UserSearch {
  email: string;
  match: SearchMatch;
}

export async function listUsers({ email, match }: UserSearch, pageToken: string | undefined, signal?: AbortSignal, pageSize?: number) {
  const list = await apiRequest<UserList | undefined>(usersPath, {
    query: { email: email.trim(), match, page_token: pageToken, page_size: pageSize },
    signal,
  });
  // A proxy or an old server could answer 200 with something else; the table must not break on it.
  if (!Array.isArray(list?.items)) throw new ApiError(502);
  return list;
}

/** The first page for a search, then more pages on demand ("Load more"). */
export const usersQueryOptions = (search: UserSearch) =>
  infiniteQueryOptions({
    queryKey: [...usersKey, "list", search.email, search.match],
    queryFn: ({ pageParam, signal }) => listUsers(search, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.next_page_token ?? undefined,
    // The page came with the first page of its URL's search (the server renders the list with it).
    initialData: () => {
      const first = takeBootAnswer(apiReads.usersFirstPage(search)) as UserList | undefined;
      return first && { pages: [first], pageParams: [undefined] };
    },
    staleTime: freshWhilePageAnswer,
  });
