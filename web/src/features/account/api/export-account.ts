// GET /api/account/export: "Download my data", the account's data as one JSON file.
import { useMutation } from "@tanstack/react-query";
import type { AccountExport } from "#contract/schemas/account.js";
import { apiRequest } from "../../../lib/api-client";

export type { AccountExport };

export function exportAccount(): Promise<AccountExport> {
  return apiRequest<AccountExport>("/api/account/export");
}

// A mutation, not a query: each download is counted and recorded in the account's activity, so it runs only when asked.
export const useExportAccount = () => useMutation({ mutationFn: exportAccount });
