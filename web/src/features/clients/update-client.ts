// PUT /api/clients/:id: changes the fields it names; the server keeps the rest, secret included.
import { apiRequest } from "../../lib/api";
import { clientPath, type Client, type ClientUpdate } from "./client-types";

export function updateClient(id: string, update: ClientUpdate) {
  return apiRequest<Client>(clientPath(id), { method: "PUT", body: update });
}
