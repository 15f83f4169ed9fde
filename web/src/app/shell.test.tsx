// The shell as a user meets it: jsdom, the real routes and providers, with
// /api/session and the Kratos client stubbed and the flow pages stood in for.
import { act, cleanup, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { QueryClientProvider } from "@tanstack/react-query";
import { RouterProvider, createMemoryRouter } from "react-router-dom";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { SessionBody } from "../lib/current-session";
import { createQueryClient } from "../lib/query-client";
import { menuCollapsedOfCookies } from "#contract/menu.js";
import { autoRetryMs } from "./pages/unavailable-page";
import { chooseMenuCollapsed } from "./shell/menu-choice";
import { routes } from "./routes";
import { render } from "../lib/testing/render";

const kratosStub = vi.hoisted(() => ({ createBrowserLogoutFlow: vi.fn() }));
vi.mock("../lib/kratos/client", () => ({ kratos: () => kratosStub }));

vi.mock("../features/auth", async () => {
  const { StandIn } = await import("./testing/stand-in");
  return {
    LoginPage: () => <StandIn title="Sign in" />,
    RegistrationPage: () => <StandIn title="Create account" />,
    RecoveryPage: () => <StandIn title="Recover your account" />,
    ErrorPage: () => <StandIn title="Something went wrong" />,
  };
});

vi.mock("../features/auth/pages/verification-page", async () => {
  const { StandIn } = await import("./testing/stand-in");
  return { VerificationPage: () => <StandIn title="Verify your account" /> };
});

vi.mock("../features/settings", async () => {
  const { StandIn, SettingsStandIn } = await import("./testing/stand-in");
  return {
    SettingsPage: SettingsStandIn,
    ChangePasswordPage: () => <StandIn title="Change your password" />,
  };
});

vi.mock("../features/sessions", () => ({ SessionsCard: () => null }));
vi.mock("../features/connected-apps", () => ({ ConnectedAppsCard: () => null }));
vi.mock("../features/account", () => ({
  ActivityCard: () => null,
  DeleteAccountCard: () => null,
  DownloadDataCard: () => null,
  FailedSignInsNotice: () => null,
}));

function sessionFor(roles: string[], name = { first: "Ada", last: "Lovelace" }): SessionBody {
  return {
    identity: { id: "id-1", traits: { email: "ada@example.com", name }, verifiable_addresses: [] },
    roles,
    aal: "aal1",
    authenticated_at: new Date(Date.now() - 60_000).toISOString(),
    // A day ahead of the test's clock: a session that ended would bring up the session-end dialog.
    expires_at: new Date(Date.now() + 24 * 3600_000).toISOString(),
  };
}

function answerSession(status: number, body: unknown) {
  const fetchStub = vi.fn(() => Promise.resolve(new Response(JSON.stringify(body), { status })));
  vi.stubGlobal("fetch", fetchStub);
  return fetchStub;
}

function stubViewport(narrow: boolean) {
  vi.stubGlobal("matchMedia", (query: string) => ({
    matches: narrow,
    media: query,
    addEventListener: () => {},
    removeEventListener: () => {},
  }));
}

function visit(path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(
    <QueryClientProvider client={createQueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

const shellHeading = (name: string) => screen.findByRole("heading", { name });

beforeEach(() => {
  localStorage.clear();
  stubViewport(false);
});

afterEach(() => {
  cleanup();
  chooseMenuCollapsed(false);
  vi.useRealTimers();
  vi.unstubAllGlobals();
  kratosStub.createBrowserLogoutFlow.mockReset();
});

describe("start-up", () => {
  it("shows a labelled spinner until the session check answers", async () => {
    let answer: (response: Response) => void = () => {};
    const fetchStub = vi.fn(() => new Promise<Response>((resolve) => (answer = resolve)));
    vi.stubGlobal("fetch", fetchStub);
    visit("/settings");
    expect(screen.getByRole("status", { name: "Loading" })).toBeDefined();
    expect(screen.queryByRole("navigation")).toBeNull();

    // The check starts once the shell's code is loaded (the page's start-up data usually answers it before).
    await waitFor(() => expect(fetchStub).toHaveBeenCalled());
    expect(screen.getByRole("status", { name: "Loading" })).toBeDefined();
    await act(() => {
      answer(new Response(JSON.stringify(sessionFor([])), { status: 200 }));
      return Promise.resolve();
    });
    await shellHeading("Your settings");
    expect(screen.queryByRole("status", { name: "Loading" })).toBeNull();
  });

  it("sends a signed-out visitor to /login, remembering the full address", async () => {
    answerSession(401, { code: "not_signed_in" });
    visit("/changepwd?from=mail");
    await shellHeading("Sign in");
    expect(screen.getByTestId("location").textContent).toBe(
      `/login?return_to=${encodeURIComponent("http://localhost:3000/changepwd?from=mail")}`,
    );
    expect(screen.queryByRole("navigation")).toBeNull();
  });

  it("renders a public page without the shell when signed out", async () => {
    answerSession(401, { code: "not_signed_in" });
    visit("/registration");
    await shellHeading("Create account");
    expect(screen.queryByRole("navigation")).toBeNull();
    expect(screen.getByRole("main")).toBeDefined();
  });

  it("sends a session that needs a second factor to the step-up login", async () => {
    answerSession(403, { code: "aal2_required" });
    visit("/verification");
    await shellHeading("Sign in");
    expect(screen.getByTestId("location").textContent).toBe(
      `/login?aal=aal2&return_to=${encodeURIComponent("http://localhost:3000/verification")}`,
    );
  });

  it("leads / to Account Settings", async () => {
    answerSession(200, sessionFor([]));
    const router = visit("/");
    await shellHeading("Your settings");
    expect(router.state.location.pathname).toBe("/settings");
  });
});

describe("identity service unavailable", () => {
  it("offers a retry that brings the user in once the service is back", async () => {
    answerSession(503, { code: "kratos_unavailable" });
    visit("/settings");
    await shellHeading("Identity service unavailable");

    answerSession(200, sessionFor([]));
    await userEvent.click(screen.getByRole("button", { name: "Retry" }));
    expect(await shellHeading("Your settings")).toBeTruthy();
  });

  it("retries by itself", async () => {
    vi.useFakeTimers({ toFake: ["setInterval"] });
    answerSession(503, { code: "kratos_unavailable" });
    visit("/settings");
    await shellHeading("Identity service unavailable");

    const fetchStub = answerSession(200, sessionFor([]));
    await act(() => {
      vi.advanceTimersByTime(autoRetryMs);
      return Promise.resolve();
    });
    await shellHeading("Your settings");
    expect(fetchStub).toHaveBeenCalledTimes(1);
  });
});

describe("the shell", () => {
  it("shows the menu in the spec's order, the active item, and the user's name", async () => {
    answerSession(200, sessionFor([]));
    visit("/settings");
    await shellHeading("Your settings");

    const menu = screen.getByRole("navigation", { name: "Main menu" });
    const items = within(menu)
      .getAllByRole("listitem")
      .map((item) => item.textContent);
    expect(items).toEqual(["Verify Account", "Account Settings", "Recovery"]);
    expect(within(menu).getByRole("link", { name: "Account Settings" }).getAttribute("aria-current")).toBe("page");
    expect(within(menu).getByRole("link", { name: "Recovery" }).hasAttribute("aria-current")).toBe(false);
    expect(within(menu).getByRole("button", { name: "Logout" })).toBeDefined();
    expect(within(screen.getByRole("banner")).getByText("Ada Lovelace")).toBeDefined();
  });

  it("shows a changed name once the page refreshes the session, without the start-up spinner", async () => {
    answerSession(200, sessionFor([]));
    visit("/settings");
    await shellHeading("Your settings");

    answerSession(200, sessionFor([], { first: "Augusta", last: "King" }));
    await userEvent.click(screen.getByRole("button", { name: "Save name" }));
    await waitFor(() => expect(within(screen.getByRole("banner")).getByText("Augusta King")).toBeDefined());
    expect(screen.queryByRole("status", { name: "Loading" })).toBeNull();
    expect(screen.getByRole("button", { name: "Save name" })).toBeDefined();
  });

  it("names the user by email when the identity has no name", async () => {
    answerSession(200, sessionFor([], { first: "", last: "" }));
    visit("/settings");
    await shellHeading("Your settings");
    expect(within(screen.getByRole("banner")).getByText("ada@example.com")).toBeDefined();
  });

  it("shows Manage Clients to an admin", async () => {
    answerSession(200, sessionFor(["admin"]));
    visit("/manage-clients");
    await shellHeading("Manage Clients");
    const menu = screen.getByRole("navigation", { name: "Main menu" });
    expect(within(menu).getByRole("link", { name: "Manage Clients" }).getAttribute("aria-current")).toBe("page");
  });

  it("refuses /manage-clients to a non-admin inside the shell", async () => {
    answerSession(200, sessionFor(["viewer"]));
    visit("/manage-clients");
    await shellHeading("Not allowed");
    expect(screen.queryByRole("heading", { name: "Manage Clients" })).toBeNull();
    expect(screen.queryByRole("link", { name: "Manage Clients" })).toBeNull();
    expect(screen.getByRole("navigation", { name: "Main menu" })).toBeDefined();
  });

  it("remembers the collapsed menu across visits in its cookie and the spec's Collapsed key, keeping every link named", async () => {
    answerSession(200, sessionFor([]));
    visit("/settings");
    await shellHeading("Your settings");
    await userEvent.click(screen.getByRole("button", { name: "Collapse menu" }));
    expect(menuCollapsedOfCookies(document.cookie)).toBe(true);
    expect(localStorage.getItem("Collapsed")).toBe("true");
    cleanup();

    visit("/settings");
    await shellHeading("Your settings");
    expect(screen.getByRole("button", { name: "Expand menu" })).toBeDefined();
    expect(screen.getByRole("link", { name: "Verify Account" })).toBeDefined();
    await userEvent.click(screen.getByRole("button", { name: "Expand menu" }));
    expect(menuCollapsedOfCookies(document.cookie)).toBe(false);
    expect(localStorage.getItem("Collapsed")).toBe("false");
  });

  it("on a narrow screen starts folded whatever the choice, opens for the moment and folds after a link", async () => {
    stubViewport(true);
    answerSession(200, sessionFor([]));
    visit("/settings");
    await shellHeading("Your settings");
    await userEvent.click(screen.getByRole("button", { name: "Expand menu" }));
    expect(menuCollapsedOfCookies(document.cookie), "opening it is not a choice to keep").toBe(false);
    await userEvent.click(screen.getByRole("link", { name: "Verify Account" }));
    await shellHeading("Verify your account");
    expect(screen.getByRole("button", { name: "Expand menu" })).toBeDefined();
  });

  it("folds the menu the Collapsed key keeps where the cookie does not, and keeps both", async () => {
    localStorage.setItem("Collapsed", "true");
    answerSession(200, sessionFor([]));
    visit("/settings");
    await shellHeading("Your settings");
    expect(await screen.findByRole("button", { name: "Expand menu" })).toBeDefined();
    expect(menuCollapsedOfCookies(document.cookie)).toBe(true);
    expect(localStorage.getItem("Collapsed")).toBe("true");
  });
});

describe("logout", () => {
  async function openLogoutModal() {
    answerSession(200, sessionFor([]));
    visit("/settings");
    await shellHeading("Your settings");
    await userEvent.click(screen.getByRole("button", { name: "Logout" }));
    return screen.findByRole("dialog", { name: "Notification" });
  }

  it("asks for confirmation, and Cancel keeps the user where they were", async () => {
    const dialog = await openLogoutModal();
    expect(within(dialog).getByText("Are you sure want to exit the system ?")).toBeDefined();
    await userEvent.click(within(dialog).getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(screen.getByRole("heading", { name: "Your settings" })).toBeDefined();
    // Focus goes back where the user was, as react-bootstrap's Modal restores it.
    // eslint-disable-next-line testing-library/no-node-access -- what has focus is the document's to say
    expect(document.activeElement).toBe(screen.getByRole("button", { name: "Logout" }));
  });

  it("on Confirm leaves for /logout, which starts a Kratos logout flow", async () => {
    kratosStub.createBrowserLogoutFlow.mockReturnValue(new Promise(() => {}));
    const dialog = await openLogoutModal();
    answerSession(200, sessionFor([]));
    await userEvent.click(within(dialog).getByRole("button", { name: "Confirm" }));
    expect(await screen.findByRole("status", { name: "Signing out" })).toBeDefined();
    expect(kratosStub.createBrowserLogoutFlow).toHaveBeenCalled();
    expect(screen.queryByRole("navigation")).toBeNull();
  });

  it("sends someone already signed out from /logout to /login", async () => {
    kratosStub.createBrowserLogoutFlow.mockRejectedValue({ response: { status: 401 } });
    answerSession(401, { code: "not_signed_in" });
    const router = visit("/logout");
    await shellHeading("Sign in");
    expect(router.state.location.pathname).toBe("/login");
  });
});
