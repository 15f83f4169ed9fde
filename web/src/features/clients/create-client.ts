// POST /api/clients: the answer carries the secret, the only time anyone sees it.
import { apiRequest } from "../../lib/api";
import { clientsPath, type ClientInput, type ClientWithSecret } from "./client-types";

export function createClient(input: ClientInput) {
  return apiRequest<ClientWithSecret>(clientsPath, { method: "POST", body: input });
}
