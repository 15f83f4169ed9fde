// GET /api/clients/:id: one client as stored now (never with its secret).
import { queryOptions } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api-client";
import { clientPath, clientsKey, type Client } from "./client-types";

export function getClient(id: string, signal?: AbortSignal) {
  return apiRequest<Client>(clientPath(id), { signal });
}

/** Fetched fresh whenever an edit opens: the list may be older than the client. */
export const clientQueryOptions = (id: string) =>
  queryOptions({ queryKey: [...clientsKey, "one", id], queryFn: ({ signal }) => getClient(id, signal), staleTime: 0 });
