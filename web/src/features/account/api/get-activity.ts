// GET /api/account/activity: the account's last 50 security events, newest first, and its known devices.
import type { AccountActivity, ActivityEvent } from "#contract/schemas/account.js";
import { apiReads } from "#contract/boot.js";
import { apiRequest } from "../../../lib/api-client";
import { pageReadQueryOptions } from "../../../lib/page-read";

export type { AccountActivity, ActivityEvent };

export function getActivity(signal?: AbortSignal): Promise<AccountActivity> {
  return apiRequest<AccountActivity>(apiReads.accountActivity, { signal });
}

export const activityQueryOptions = () => pageReadQueryOptions(["api", "account", "activity"], apiReads.accountActivity, getActivity);
