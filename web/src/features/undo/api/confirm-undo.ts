// POST /api/undo/confirm: spends the link and reverts the change; the
// account is signed out everywhere and a recovery code is mailed to the
// restored address (server/src/services/undo.ts).
import { useMutation } from "@tanstack/react-query";
import type { UndoDone } from "#contract/schemas/undo.js";
import { apiRequest } from "../../../lib/api-client";

export function confirmUndo(token: string): Promise<UndoDone> {
  return apiRequest<UndoDone>("/api/undo/confirm", { method: "POST", body: { token } });
}

export function useConfirmUndo() {
  return useMutation({ mutationFn: confirmUndo });
}
