// Renders a page for a unit test as the app would host it: a fresh data
// layer, the texts, a router at `url`, the signed-in user, and a toast recorder. The
// network below (fetch, the Kratos SDK) is the test's to stub.
import { QueryClientProvider } from "@tanstack/react-query";
import type { ReactElement } from "react";
import { MemoryRouter } from "react-router-dom";
import { vi } from "vitest";
import { CurrentSessionContext, type CurrentSession, type SessionBody } from "../current-session";
import { ToastContext } from "../feedback/toast";
import { createQueryClient } from "../query-client";
import { render } from "./render";

export function sessionBody(overrides: Partial<SessionBody> = {}): SessionBody {
  return {
    identity: { id: "id-1", traits: { email: "ada@example.com", name: { first: "Ada", last: "Lovelace" } }, verifiable_addresses: [] },
    roles: [],
    aal: "aal1",
    authenticated_at: "2026-01-01T10:00:00Z",
    expires_at: "2026-01-02T10:00:00Z",
    ...overrides,
  };
}

export function renderPage(page: ReactElement, { url = "/", session = sessionBody() }: { url?: string; session?: SessionBody } = {}) {
  const queryClient = createQueryClient();
  const current: CurrentSession = { session, refresh: vi.fn(async () => {}) };
  const toast = { show: vi.fn() };
  const view = render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[url]}>
        <CurrentSessionContext.Provider value={current}>
          <ToastContext.Provider value={toast}>{page}</ToastContext.Provider>
        </CurrentSessionContext.Provider>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { ...view, queryClient, current, toast };
}
