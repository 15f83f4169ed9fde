// DELETE /api/clients/:id.
import { apiRequest } from "../../lib/api";
import { clientPath } from "./client-types";

export function deleteClient(id: string) {
  return apiRequest<void>(clientPath(id), { method: "DELETE" });
}
