// POST /api/clients/:id/secret: a new secret, shown once; the old one stops working at once.
import { apiRequest } from "../../lib/api";
import { clientPath, type RotatedSecret } from "./client-types";

export function rotateClientSecret(id: string) {
  return apiRequest<RotatedSecret>(`${clientPath(id)}/secret`, { method: "POST" });
}
