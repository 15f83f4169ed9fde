// The page over a stubbed /api/clients: paging with "Load more", Hydra down,
// refusals, and the secret shown once.
import { cleanup, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderPage as renderWithApp, sessionBody } from "../../../lib/testing/render-page";
import type { Client } from "../api/client-types";
import { ManageClientsPage } from "./manage-clients-page";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const clientNamed = (name: string, id: string): Client => ({
  client_id: id,
  client_name: name,
  grant_types: ["client_credentials"],
  response_types: [],
  scope: "",
  audience: [],
  redirect_uris: [],
  post_logout_redirect_uris: [],
  token_endpoint_auth_method: "client_secret_basic",
  skip_consent: false,
  client_uri: "",
  logo_uri: "",
  contacts: [],
  owner: "",
  created_at: "2025-03-04T05:06:07Z",
  updated_at: null,
});

function renderPage(answer: (url: URL, init: RequestInit | undefined) => Response, aal = "aal1") {
  const fetchStub = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => answer(new URL(String(input), "http://localhost:3000"), init));
  vi.stubGlobal("fetch", fetchStub);
  const { current, queryClient } = renderWithApp(<ManageClientsPage />, { session: sessionBody({ roles: ["admin"], aal }) });
  return { fetchStub, session: current, queryClient };
}

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers });

describe("ManageClientsPage", () => {
  it("adds the next page under the first on Load more, and stops offering it on the last", async () => {
    const user = userEvent.setup();
    const { fetchStub } = renderPage((url) =>
      url.searchParams.get("page_token") === "p2"
        ? json(200, { items: [clientNamed("Tiles", "c-2")], next_page_token: null })
        : json(200, { items: [clientNamed("Atlas", "c-1")], next_page_token: "p2" }),
    );

    const table = await screen.findByRole("table", { name: "OAuth2 clients" });
    expect(within(table).getByRole("cell", { name: "Atlas" })).toBeTruthy();
    await user.click(screen.getByRole("button", { name: "Load more" }));

    expect(await within(table).findByRole("cell", { name: "Tiles" })).toBeTruthy();
    expect(within(table).getByRole("cell", { name: "Atlas" })).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Load more" })).toBeNull();
    expect(within(table).getByRole("button", { name: "Delete Tiles" })).toBeTruthy();
    expect(new URL(String(fetchStub.mock.calls[1]![0]), "http://localhost:3000").searchParams.get("page_token")).toBe("p2");
  });

  it("says client management is unavailable when Hydra is down, and offers no New client", async () => {
    renderPage(() => json(503, { message: "The OAuth2 service (Hydra) is unavailable." }));
    expect(await screen.findByRole("heading", { name: "Client management is unavailable" })).toBeTruthy();
    expect(screen.getByText(/The OAuth2 service \(Hydra\) is unavailable\./)).toBeTruthy();
    expect(screen.getByRole("button", { name: "New client" }).hasAttribute("disabled")).toBe(true);
    expect(screen.queryByRole("table")).toBeNull();
  });

  it("refuses with the server's reason on a 403 and rechecks the session", async () => {
    const { session } = renderPage(() => json(403, { message: "This needs the admin role." }));
    expect(await screen.findByRole("heading", { name: "Not allowed" })).toBeTruthy();
    expect(screen.getByText("This needs the admin role.")).toBeTruthy();
    expect(session.refresh).toHaveBeenCalled();
  });
});
