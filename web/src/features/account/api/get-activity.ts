// GET /api/account/activity: the account's last 50 security events, newest first, and its known devices.
import { queryOptions } from "@tanstack/react-query";
import type { AccountActivity, ActivityEvent } from "#contract/schemas/account.js";
import { apiRequest } from "../../../lib/api-client";

export type { AccountActivity, ActivityEvent };

export function getActivity(signal?: AbortSignal): Promise<AccountActivity> {
  return apiRequest<AccountActivity>("/api/account/activity", { signal });
}

export const activityQueryOptions = () =>
  queryOptions({ queryKey: ["api", "account", "activity"], queryFn: ({ signal }) => getActivity(signal) });
