// DELETE /api/account: deletes the signed-in user's account; `email` is the address they typed to confirm.
import { useMutation } from "@tanstack/react-query";
import type { AccountDeletionBody } from "#contract/schemas/account.js";
import { apiRequest } from "../../../lib/api-client";

export function deleteAccount(body: AccountDeletionBody): Promise<void> {
  return apiRequest("/api/account", { method: "DELETE", body });
}

export const useDeleteAccount = () => useMutation({ mutationFn: deleteAccount });
