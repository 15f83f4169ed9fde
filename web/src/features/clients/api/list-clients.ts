// GET /api/clients: pages of clients, optionally those whose name contains `search`.
// The first page before any search comes with the page (the server renders the list with it).
import { infiniteQueryOptions } from "@tanstack/react-query";
import { apiReads, clientsPageSize } from "#contract/boot.js";
import { ApiError, apiRequest } from "../../../lib/api-client";
import { takeBootAnswer } from "../../../lib/boot-data";
import { freshWhilePageAnswer } from "../../../lib/page-read";
import { clientsKey, clientsPath, type ClientList } from "./client-types";

export interface ListClientsQuery {
  search?: string;
  pageToken?: string | undefined;
  pageSize?: number;
}

export async function listClients({ search, pageToken, pageSize = clientsPageSize }: ListClientsQuery, signal?: AbortSignal) {
  const list = await apiRequest<ClientList | undefined>(clientsPath, {
    query: { page_size: pageSize, page_token: pageToken, search: search?.trim() },
    signal,
  });
  // A proxy or an old server could answer 200 with something else; the table must not break on it.
  if (!Array.isArray(list?.items)) throw new ApiError(502);
  return list;
}

/** The first page for a search, then more pages on demand ("Load more"). */
export const clientsQueryOptions = (search: string) =>
  infiniteQueryOptions({
    queryKey: [...clientsKey, "list", search],
    queryFn: ({ pageParam, signal }) => listClients({ search, pageToken: pageParam }, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.next_page_token ?? undefined,
    initialData: () => {
      const first = search === "" ? (takeBootAnswer(apiReads.clientsFirstPage) as ClientList | undefined) : undefined;
      return first && { pages: [first], pageParams: [undefined] };
    },
    staleTime: freshWhilePageAnswer,
  });
