// GET /api/account/activity: the account's last 50 security events, newest first, and its known devices.
import { queryOptions } from "@tanstack/react-query";
import type { AccountActivity, ActivityEvent } from "#contract/schemas/account.js";
import { apiReads } from "#contract/boot.js";
import { apiRequest } from "../../../lib/api-client";
import { takeBootAnswer } from "../../../lib/boot-data";

export type { AccountActivity, ActivityEvent };

export function getActivity(signal?: AbortSignal): Promise<AccountActivity> {
  return apiRequest<AccountActivity>("/api/account/activity", { signal });
}

export const activityQueryOptions = () =>
  queryOptions({
    queryKey: ["api", "account", "activity"],
    queryFn: ({ signal }) => getActivity(signal),
    initialData: () => takeBootAnswer(apiReads.accountActivity) as AccountActivity | undefined,
    // The page's own answer is as fresh as a request now would be: asked again only when a change invalidates it.
    staleTime: (query) => (query.state.dataUpdateCount === 0 ? Infinity : 0),
  });
