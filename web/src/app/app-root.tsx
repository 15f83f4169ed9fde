// What the browser (main.tsx) and the server's first render
// (entry-server.tsx) put around the router, the same on both sides so that
// the browser hydrates exactly the markup the server sent.
import { StrictMode, type ReactNode } from "react";
import { QueryClientProvider, type QueryClient } from "@tanstack/react-query";
import { matchRoutes, type Location } from "react-router-dom";
import { takeBootSession } from "../lib/boot-data";
import { TextProvider } from "../lib/i18n/text";
import { createQueryClient } from "../lib/query-client";
import { isPublicMatch } from "./route-access";
import { routes } from "./routes";
import { sessionOutcome, sessionQueryOptions } from "./session/get-session";

/** The data layer, with the session check's answer that came with the page: the gate decides at once. */
export function createAppQueryClient(location: Pick<Location, "pathname">): QueryClient {
  const queryClient = createQueryClient();
  const answer = takeBootSession();
  if (answer) {
    const routeKind = isPublicMatch(matchRoutes(routes, location) ?? []) ? "public" : "private";
    queryClient.setQueryData(sessionQueryOptions(routeKind).queryKey, sessionOutcome(answer.status, answer.body));
  }
  return queryClient;
}

export function AppRoot({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  return (
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <TextProvider>{children}</TextProvider>
      </QueryClientProvider>
    </StrictMode>
  );
}
