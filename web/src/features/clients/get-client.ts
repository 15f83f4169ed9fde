// GET /api/clients/:id: one client as stored now (never with its secret).
import { apiRequest } from "../../lib/api";
import { clientPath, type Client } from "./client-types";

export function getClient(id: string, signal?: AbortSignal) {
  return apiRequest<Client>(clientPath(id), { signal });
}
