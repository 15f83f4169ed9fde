// GET /api/clients: one page of clients, optionally those whose name contains `search`.
import { apiRequest } from "../../lib/api";
import { clientsPath, type ClientList } from "./client-types";

export interface ListClientsQuery {
  search?: string;
  pageToken?: string;
  pageSize?: number;
}

export const clientsPageSize = 25;

export function listClients({ search, pageToken, pageSize = clientsPageSize }: ListClientsQuery, signal?: AbortSignal) {
  return apiRequest<ClientList>(clientsPath, {
    query: { page_size: pageSize, page_token: pageToken, search: search?.trim() },
    signal,
  });
}
