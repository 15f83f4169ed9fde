// One person's page over a stubbed /api/users: every change asks first and
// names the person, the guard rails on one's own page, a refusal shown where
// the admin acted, and the audit trail.
import { cleanup, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderPage, sessionBody } from "../../../lib/testing/render-page";
import type { UserDetail } from "../api/user-types";
import { UserPage } from "./user-page";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const personId = "6f1c2a70-0d4e-4a35-9a57-1f0a3b2c4d5e";

const detail = (overrides: Partial<UserDetail["user"]> = {}): UserDetail => ({
  user: {
    id: personId,
    email: "grace@example.org",
    name: "Grace Hopper",
    verified: true,
    roles: [],
    state: "active",
    second_factors: ["totp"],
    providers: [],
    created_at: "2026-01-01T10:00:00Z",
    schema_id: "default",
    traits: { email: "grace@example.org", name: { first: "Grace", last: "Hopper" } },
    ...overrides,
  },
  sessions: [],
  audit: [
    {
      action: "role_granted",
      actor_id: "id-1",
      actor_email: "ada@example.com",
      subject_id: personId,
      role: "admin",
      at: "2026-02-01T10:00:00Z",
      ip: "192.0.2.7",
    },
  ],
});

const json = (status: number, body: unknown) => new Response(body === undefined ? null : JSON.stringify(body), { status });

function render(answer: (url: URL, init: RequestInit | undefined) => Response, sessionId = "id-1") {
  const fetchStub = vi.fn((input: string, init?: RequestInit) => Promise.resolve(answer(new URL(input, "http://localhost:3000"), init)));
  vi.stubGlobal("fetch", fetchStub);
  const session = sessionBody({ roles: ["admin"], aal: "aal2", identity: { ...sessionBody().identity, id: sessionId } });
  return { fetchStub, ...renderPage(<UserPage />, { url: `/manage-users/user?id=${personId}`, session }) };
}

describe("UserPage", () => {
  it("asks before making someone admin, naming them, and sends the change", async () => {
    const user = userEvent.setup();
    const { fetchStub, toast } = render((url, init) =>
      init?.method === "POST" ? json(200, detail({ roles: ["admin"] }).user) : json(200, detail()),
    );
    await screen.findByRole("heading", { name: "Grace Hopper", level: 1 });
    const audit = screen.getByRole("table", { name: "What admins did" });
    expect(within(audit).getByText("Gave the role admin")).toBeTruthy();
    expect(within(audit).getByText("ada@example.com")).toBeTruthy();

    await user.click(screen.getByRole("button", { name: "Make admin" }));
    const dialog = screen.getByRole("dialog", { name: "Make admin" });
    expect(dialog.textContent).toContain("Make Grace Hopper (grace@example.org) an admin?");
    await user.click(within(dialog).getByRole("button", { name: "Make admin" }));
    await waitFor(() => expect(toast.show).toHaveBeenCalledWith("Grace Hopper (grace@example.org) is now an admin.", "success"));
    const post = fetchStub.mock.calls.find(([, init]) => init?.method === "POST");
    expect(post?.[0]).toBe(`/api/users/${personId}/roles`);
    expect(JSON.parse(post?.[1]?.body as string)).toEqual({ role: "admin", change: "grant" });
  });

  it("shows the server's refusal in the dialog, where the admin acted", async () => {
    const user = userEvent.setup();
    render((_url, init) => (init?.method === "PUT" ? json(409, { code: "last_admin" }) : json(200, detail({ roles: ["admin"] }))));
    await user.click(await screen.findByRole("button", { name: "Deactivate" }));
    const dialog = screen.getByRole("dialog", { name: "Deactivate account" });
    await user.click(within(dialog).getByRole("button", { name: "Deactivate" }));
    expect(await within(dialog).findByText(/You are the last admin/)).toBeTruthy();
  });

  it("on the admin's own page offers neither removing the admin role, deactivating nor deleting", async () => {
    render(() => json(200, detail({ roles: ["admin"] })), personId);
    await screen.findByRole("heading", { name: "Grace Hopper", level: 1 });
    expect(screen.getByText("You cannot change your own admin role.")).toBeTruthy();
    expect(screen.getByText("You cannot deactivate or delete your own account here.")).toBeTruthy();
    for (const name of ["Remove admin", "Deactivate", "Delete account"]) expect(screen.queryByRole("button", { name })).toBeNull();
  });

  it("shows every trait of the account, named by its schema, and the schema's order", async () => {
    const traits = { email: "grace@example.org", department: "engineering", newsletter: true, name: { first: "Grace", last: "Hopper" } };
    const schemas = {
      schemas: [
        {
          id: "workplace",
          fields: [
            { name: "traits.email", type: "string", required: true },
            { name: "traits.name.first", type: "string", required: false },
            { name: "traits.name.last", type: "string", required: false },
            { name: "traits.department", type: "string", title: "Department", required: false, enum: ["engineering"] },
            { name: "traits.newsletter", type: "boolean", title: "Send me the newsletter", required: false },
          ],
        },
      ],
    };
    render((url) =>
      url.pathname === "/api/identity-schemas" ? json(200, schemas) : json(200, detail({ schema_id: "workplace", traits })),
    );
    const profile = await screen.findByRole("region", { name: "Profile" });
    await within(profile).findByText("Department");
    const terms = within(profile)
      .getAllByRole("term")
      .map((term) => term.textContent);
    // The name's traits under its title (the catalogs' own, for the shipped schema's object).
    expect(terms).toEqual(["Email", "Name", "First name", "Last name", "Department", "Send me the newsletter"]);
    const values = within(profile)
      .getAllByRole("definition")
      .map((value) => value.textContent);
    expect(values).toEqual(["grace@example.org", "Grace", "Hopper", "engineering", "Yes"]);
  });

  it("says so when the account does not exist", async () => {
    render(() => json(404, { code: "user_not_found" }));
    expect(await screen.findByText("This account does not exist (any more).")).toBeTruthy();
  });
});
