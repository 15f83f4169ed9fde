// The data layer's defaults for every query and mutation of the SPA.
import { QueryClient } from "@tanstack/react-query";

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        // A failure is shown at once with its own Try again, never retried
        // behind a spinner (and a 401/403/429 would not get better by retrying).
        retry: false,
        // Pages load what they show when they open; coming back to the tab
        // must not reset a list the user paged through or a form being filled.
        refetchOnWindowFocus: false,
      },
      mutations: { retry: false },
    },
  });
}
