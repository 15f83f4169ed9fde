// The page over a stubbed /api/clients: paging with "Load more", Hydra down,
// refusals, and the secret shown once.
import { cleanup, screen, waitFor, within } from "@testing-library/react";
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
  // The page calls fetch with a URL string (see lib/api-client.ts).
  const fetchStub = vi.fn((input: string, init?: RequestInit) => Promise.resolve(answer(new URL(input, "http://localhost:3000"), init)));
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
    const [secondUrl] = fetchStub.mock.calls[1] ?? [""];
    expect(new URL(secondUrl, "http://localhost:3000").searchParams.get("page_token")).toBe("p2");
  });

  it("says client management is unavailable when Hydra is down, and offers no New client", async () => {
    renderPage(() => json(503, { code: "hydra_unavailable" }));
    expect(await screen.findByRole("heading", { name: "Client management is unavailable" })).toBeTruthy();
    expect(screen.getByText(/The sign-in service for applications is unavailable\./)).toBeTruthy();
    expect(screen.getByRole("button", { name: "New client" }).hasAttribute("disabled")).toBe(true);
    expect(screen.queryByRole("table")).toBeNull();
  });

  it("refuses with the catalog's words for the server's code on a 403 and rechecks the session", async () => {
    const { session } = renderPage(() => json(403, { code: "role_required" }));
    expect(await screen.findByRole("heading", { name: "Not allowed" })).toBeTruthy();
    expect(screen.getByText("Your account does not have the role this needs.")).toBeTruthy();
    expect(session.refresh).toHaveBeenCalled();
  });
});

describe("ManageClientsPage for an admin without a second factor", () => {
  const needsAal2 = () => json(403, { code: "aal2_required" });

  it("says a second factor is needed, links to Account Settings, and to the step-up sign-in for a one-factor session", async () => {
    const { session } = renderPage(needsAal2);
    expect(await screen.findByRole("heading", { name: "A second factor is needed" })).toBeTruthy();
    expect(screen.getByRole("link", { name: "Set one up in Account Settings" }).getAttribute("href")).toBe("/settings");
    const stepUp = new URL(
      screen.getByRole("link", { name: "Already have one? Sign in with it" }).getAttribute("href") ?? "",
      "http://localhost:3000",
    );
    expect(stepUp.pathname).toBe("/login");
    expect(stepUp.searchParams.get("aal")).toBe("aal2");
    expect(stepUp.searchParams.get("return_to")).toBe(window.location.href);
    expect(screen.queryByRole("table")).toBeNull();
    expect(screen.getByRole("button", { name: "New client" }).hasAttribute("disabled")).toBe(true);
    // Not a lost session or role: nothing to check again.
    expect(session.refresh).not.toHaveBeenCalled();
  });

  it("offers only Account Settings when the session already has two factors", async () => {
    renderPage(needsAal2, "aal2");
    expect(await screen.findByRole("heading", { name: "A second factor is needed" })).toBeTruthy();
    expect(screen.getByRole("link", { name: "Set one up in Account Settings" })).toBeTruthy();
    expect(screen.queryByRole("link", { name: "Already have one? Sign in with it" })).toBeNull();
  });
});

describe("ManageClientsPage over the portal's limits", () => {
  it("says how long to wait when the list answers 429, instead of a blank list", async () => {
    renderPage(() => json(429, { code: "rate_limited" }, { "retry-after": "720" }));
    expect(await screen.findByText("Too many attempts. Try again in 12 minutes.")).toBeTruthy();
    expect(screen.queryByRole("table")).toBeNull();
  });
});

describe("ManageClientsPage actions", () => {
  const tiles = clientNamed("Tiles", "c-1");
  const secret = "s3cr3t-shown-once-7f9a";

  function server(deleteAnswer: () => Response = () => new Response(null, { status: 204 })) {
    return (url: URL, init: RequestInit | undefined) => {
      if (init?.method === "POST" && url.pathname === "/api/clients/c-1/secret") return json(200, { client_secret: secret });
      if (init?.method === "DELETE") return deleteAnswer();
      return json(200, { items: [tiles], next_page_token: null });
    };
  }

  it("shows a rotated secret once: when its dialog has closed, neither the page nor the data layer holds it", async () => {
    const user = userEvent.setup();
    const { queryClient } = renderPage(server());
    const rotate = await screen.findByRole("button", { name: "Rotate secret Tiles" });
    await user.click(rotate);
    const confirm = await screen.findByRole("dialog", { name: "Rotate secret" });
    await user.click(within(confirm).getByRole("button", { name: "Rotate secret" }));

    const shown = await screen.findByRole("dialog", { name: "New client secret" });
    expect(within(shown).getByLabelText<HTMLInputElement>("Client secret").value).toBe(secret);
    await user.click(within(shown).getByRole("button", { name: "Close" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    // The question that led to the secret is gone: the focus goes back to the row's button.
    // eslint-disable-next-line testing-library/no-node-access -- what has focus is the document's to say
    expect(document.activeElement).toBe(rotate);

    expect(document.body.innerHTML).not.toContain(secret);
    // The mutation's cache entry is collected on the next tick once nobody observes it.
    await waitFor(() =>
      expect(
        JSON.stringify(
          queryClient
            .getMutationCache()
            .getAll()
            .map((m) => m.state),
        ),
      ).not.toContain(secret),
    );
    expect(
      JSON.stringify(
        queryClient
          .getQueryCache()
          .getAll()
          .map((q) => q.state),
      ),
    ).not.toContain(secret);
  });

  it("tells a failed delete in the dialog where the admin confirmed it, and keeps the client listed", async () => {
    const user = userEvent.setup();
    renderPage(server(() => json(502, { code: "hydra_unexpected" })));
    await user.click(await screen.findByRole("button", { name: "Delete Tiles" }));
    const confirm = await screen.findByRole("dialog", { name: "Delete client" });
    await user.click(within(confirm).getByRole("button", { name: "Delete" }));
    expect((await within(confirm).findByRole("alert")).textContent).toBe(
      "The sign-in service for applications gave an unexpected answer. Please try again in a moment.",
    );
    expect(screen.getByRole("cell", { name: "Tiles" })).toBeTruthy();
  });
});
