// GET /api/account/failed-sign-ins: the wrong passwords for the account since its sign-in before this session's.
import type { FailedSignInsSummary } from "#contract/schemas/account.js";
import { apiReads } from "#contract/boot.js";
import { apiRequest } from "../../../lib/api-client";
import { pageReadQueryOptions } from "../../../lib/page-read";

export type { FailedSignInsSummary };

export function getFailedSignIns(signal?: AbortSignal): Promise<FailedSignInsSummary> {
  return apiRequest<FailedSignInsSummary>(apiReads.failedSignIns, { signal });
}

export const failedSignInsQueryOptions = () =>
  pageReadQueryOptions(["api", "account", "failed-sign-ins"], apiReads.failedSignIns, getFailedSignIns);
