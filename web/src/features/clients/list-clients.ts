// GET /api/clients: one page of clients, optionally those whose name contains `search`.
import { ApiError, apiRequest } from "../../lib/api";
import { clientsPath, type ClientList } from "./client-types";

export interface ListClientsQuery {
  search?: string;
  pageToken?: string;
  pageSize?: number;
}

export const clientsPageSize = 25;

export async function listClients({ search, pageToken, pageSize = clientsPageSize }: ListClientsQuery, signal?: AbortSignal) {
  const list = await apiRequest<ClientList | undefined>(clientsPath, {
    query: { page_size: pageSize, page_token: pageToken, search: search?.trim() },
    signal,
  });
  // A proxy or an old server could answer 200 with something else; the table must not break on it.
  if (!Array.isArray(list?.items)) throw new ApiError(502, "The portal answered with something that is not a list of clients.");
  return list;
}
