// POST /api/clients/:id/secret: a new secret, shown once; the old one stops working at once.
import { useMutation } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api-client";
import { clientPath, type RotatedSecret } from "./client-types";

export function rotateClientSecret(id: string) {
  return apiRequest<RotatedSecret>(`${clientPath(id)}/secret`, { method: "POST" });
}

/** Nothing listed changes, so nothing to invalidate; like a new client, the caller resets it once the secret is shown. */
export function useRotateClientSecret() {
  return useMutation({ mutationFn: rotateClientSecret, gcTime: 0 });
}
