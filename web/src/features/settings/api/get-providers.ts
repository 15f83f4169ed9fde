// GET /api/account/providers: the sign-in providers linked to the signed-in account, by Kratos' provider id.
import { queryOptions } from "@tanstack/react-query";
import type { AccountProviders } from "#contract/schemas/account.js";
import { apiRequest } from "../../../lib/api-client";

export function getProviders(signal?: AbortSignal): Promise<AccountProviders> {
  return apiRequest<AccountProviders>("/api/account/providers", { signal });
}

export const providersQueryOptions = () =>
  queryOptions({ queryKey: ["api", "account", "providers"], queryFn: ({ signal }) => getProviders(signal) });
