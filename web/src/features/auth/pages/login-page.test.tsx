// The sign-in page as a user meets it, with the Kratos SDK stubbed and flows
// saved from the real Kratos v1.3.1.
import { cleanup, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { Route, Routes, useLocation } from "react-router-dom";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import loginWrongPassword from "../../../lib/flows/fixtures/login-wrong-password.json";
import { renderPage } from "../../../lib/testing/render-page";
import { LoginPage } from "./login-page";

const sdk = vi.hoisted(() => ({
  getLoginFlow: vi.fn(),
  createBrowserLoginFlow: vi.fn(),
  updateLoginFlow: vi.fn(),
  toSession: vi.fn(),
  createBrowserLogoutFlow: vi.fn(),
}));
vi.mock("../../../lib/kratos/client", () => ({
  kratos: () => ({
    ...sdk,
    // The page reads the new login flow's raw answer (Kratos may answer 200 without a body): the stub's body as it.
    createBrowserLoginFlowRaw: async (...args: unknown[]) => {
      const body: unknown = await sdk.createBrowserLoginFlow(...args);
      return { raw: new Response(body === null ? "" : JSON.stringify(body)) };
    },
  }),
  kratosBasePath: () => "http://localhost:3000/kratos",
}));

const assign = vi.fn();
const originalLocation = window.location;

function answer(status: number, data: unknown) {
  return Object.assign(new Error(`Request failed with status code ${status}`), { response: { status, data } });
}

/** The router's current URL, as the address bar would show it. */
function CurrentUrl() {
  const location = useLocation();
  return <output data-testid="url">{`${location.pathname}${location.search}`}</output>;
}

function renderAt(url: string) {
  return renderPage(
    <Routes>
      <Route
        path="/login"
        element={
          <>
            <LoginPage />
            <CurrentUrl />
          </>
        }
      />
      <Route path="*" element={<CurrentUrl />} />
    </Routes>,
    { url },
  );
}

const urlShown = () => new URL(screen.getByTestId("url").textContent, "http://localhost:3000");

beforeEach(() => {
  Object.defineProperty(window, "location", {
    configurable: true,
    value: { href: "http://localhost:3000/login?flow=login-1", origin: "http://localhost:3000", assign },
  });
  sdk.getLoginFlow.mockResolvedValue({ ...loginWrongPassword, return_to: "http://localhost:3000/verification" });
});

afterEach(() => {
  cleanup();
  vi.clearAllMocks();
  Object.defineProperty(window, "location", { configurable: true, value: originalLocation });
});

describe("LoginPage", () => {
  it("shows the flow named in the URL with Kratos' labels and messages", async () => {
    renderAt("/login?flow=login-1");
    expect(await screen.findByLabelText("Email")).toBeTruthy();
    expect(screen.getByRole("heading", { level: 1, name: "Sign in" })).toBeTruthy();
    expect(screen.getByRole("alert").textContent).toBe(
      "The sign-in details are not right. Check your email address and password for typos.",
    );
    expect(sdk.getLoginFlow).toHaveBeenCalledWith({ id: "login-1" });
  });

  it("fills in the signed-in address on re-authentication from the page's session, without asking Kratos", async () => {
    // Kratos 1.3.1's refresh flow: the identifier field comes empty.
    const nodes = loginWrongPassword.ui.nodes.map((node) =>
      node.attributes.name === "identifier" ? { ...node, attributes: { ...node.attributes, value: "" } } : node,
    );
    sdk.getLoginFlow.mockResolvedValue({ ...loginWrongPassword, refresh: true, ui: { ...loginWrongPassword.ui, messages: [], nodes } });
    renderAt("/login?refresh=true&flow=login-1");
    expect((await screen.findByLabelText<HTMLInputElement>("Email")).value).toBe("ada@example.com");
    expect(screen.getByRole("heading", { level: 1, name: "Confirm it's you" })).toBeTruthy();
    expect(sdk.toSession).not.toHaveBeenCalled();
  });

  it("creates a flow in place, keeping return_to, aal and login_challenge, and names it in the URL", async () => {
    sdk.createBrowserLoginFlow.mockResolvedValue({
      ...loginWrongPassword,
      id: "login-new",
      ui: { ...loginWrongPassword.ui, messages: [] },
    });
    renderAt("/login?aal=aal2&return_to=http%3A%2F%2Flocalhost%3A3000%2Fsettings&login_challenge=abc");
    expect(await screen.findByLabelText("Email")).toBeTruthy();
    expect(sdk.createBrowserLoginFlow).toHaveBeenCalledWith({
      returnTo: "http://localhost:3000/settings",
      aal: "aal2",
      loginChallenge: "abc",
    });
    // The form can show before the URL is replaced with the flow's id.
    await vi.waitFor(() =>
      expect(Object.fromEntries(urlShown().searchParams)).toEqual({
        aal: "aal2",
        return_to: "http://localhost:3000/settings",
        login_challenge: "abc",
        flow: "login-new",
      }),
    );
    expect(assign).not.toHaveBeenCalled();
  });

  it("lets Kratos redirect the browser when it answers a login challenge without a flow", async () => {
    // Kratos 1.3.1 when Hydra lets it skip the login of a signed-in user.
    sdk.createBrowserLoginFlow.mockResolvedValue(null);
    renderAt("/login?login_challenge=abc");
    await vi.waitFor(() => expect(assign).toHaveBeenCalled());
    const target = new URL(assign.mock.calls[0]?.[0] as string);
    expect(`${target.origin}${target.pathname}`).toBe("http://localhost:3000/kratos/self-service/login/browser");
    expect(Object.fromEntries(target.searchParams)).toEqual({ login_challenge: "abc" });
  });

  it("goes to return_to when the user is already signed in", async () => {
    sdk.createBrowserLoginFlow.mockRejectedValue(
      answer(400, { error: { id: "session_already_available", code: 400, message: "A valid session was detected" } }),
    );
    renderAt("/login?return_to=http%3A%2F%2Flocalhost%3A3000%2Fverification");
    await vi.waitFor(() => expect(urlShown().pathname).toBe("/verification"));
  });

  it("goes where Kratos' continue_with says once signed in", async () => {
    sdk.updateLoginFlow.mockResolvedValue({
      session: { id: "s-1" },
      continue_with: [{ action: "redirect_browser_to", redirect_browser_to: "http://localhost:3000/verification" }],
    });
    renderAt("/login?flow=login-1");
    await userEvent.type(await screen.findByLabelText("Password"), "Correct-horse-battery-9");
    await userEvent.click(screen.getByRole("button", { name: "Sign in with password" }));
    expect(assign).toHaveBeenCalledWith("http://localhost:3000/verification");
  });

  it("shows the wrong-password answer next to the form instead of failing", async () => {
    const wrong = {
      ...loginWrongPassword,
      id: "login-1",
      ui: { ...loginWrongPassword.ui, messages: [{ id: 4000006, text: "Check your password.", type: "error" }] },
    };
    sdk.updateLoginFlow.mockRejectedValue(answer(400, wrong));
    renderAt("/login?flow=login-1");
    await userEvent.type(await screen.findByLabelText("Password"), "nope");
    await userEvent.click(screen.getByRole("button", { name: "Sign in with password" }));
    expect((await screen.findByRole("alert")).textContent).toBe(
      "The sign-in details are not right. Check your email address and password for typos.",
    );
    expect(assign).not.toHaveBeenCalled();
  });

  it("starts over after a CSRF violation, keeping return_to, and says why on the new flow", async () => {
    sdk.updateLoginFlow.mockRejectedValue(
      answer(403, { error: { id: "security_csrf_violation", code: 403, message: "the request was rejected" } }),
    );
    sdk.createBrowserLoginFlow.mockResolvedValue({ ...loginWrongPassword, id: "login-2", ui: { ...loginWrongPassword.ui, messages: [] } });
    renderAt("/login?flow=login-1");
    await userEvent.type(await screen.findByLabelText("Password"), "Correct-horse-battery-9");
    await userEvent.click(screen.getByRole("button", { name: "Sign in with password" }));

    expect(await screen.findByText(/The form was rejected for security reasons/)).toBeTruthy();
    // The new flow is created once the page has dropped the old one from the URL, after the notice shows.
    await vi.waitFor(() => expect(urlShown().searchParams.get("flow")).toBe("login-2"));
    expect(sdk.createBrowserLoginFlow).toHaveBeenCalledWith({ returnTo: "http://localhost:3000/verification" });
    expect(urlShown().searchParams.get("return_to")).toBe("http://localhost:3000/verification");
    expect(screen.getByLabelText("Password")).toBeTruthy();
    expect(assign).not.toHaveBeenCalled();
  });

  it("steps up to the second factor when Kratos asks for it", async () => {
    sdk.updateLoginFlow.mockRejectedValue(
      answer(422, {
        error: { id: "browser_location_change_required", code: 422, message: "browser location change required" },
        redirect_browser_to: "http://localhost:3000/kratos/self-service/login/browser?aal=aal2",
      }),
    );
    renderAt("/login?flow=login-1");
    await userEvent.type(await screen.findByLabelText("Password"), "Correct-horse-battery-9");
    await userEvent.click(screen.getByRole("button", { name: "Sign in with password" }));
    expect(assign).toHaveBeenCalledWith("http://localhost:3000/kratos/self-service/login/browser?aal=aal2");
  });

  it("shows the portal's limit at the form in words, keeping the form, when a sign-in answers 429", async () => {
    sdk.updateLoginFlow.mockRejectedValue(
      Object.assign(new Error("Request failed with status code 429"), {
        response: { status: 429, data: { message: "Too many requests", code: "rate_limited" }, headers: { "retry-after": "720" } },
      }),
    );
    renderAt("/login?flow=login-1");
    await userEvent.type(await screen.findByLabelText("Password"), "guess-number-eleven");
    await userEvent.click(screen.getByRole("button", { name: "Sign in with password" }));

    const form = screen.getByRole("form", { name: "Sign in" });
    expect(await screen.findByText("Too many attempts. Try again in 12 minutes.")).toBeTruthy();
    expect(screen.getByRole("form", { name: "Sign in" })).toBe(form);
    expect(screen.getByRole("button", { name: "Sign in with password" }).hasAttribute("disabled")).toBe(false);
    expect(assign).not.toHaveBeenCalled();
  });

  it("shows the limit instead of a spinner when even a new sign-in form answers 429, and tries again on request", async () => {
    const limited = Object.assign(new Error("Request failed with status code 429"), {
      response: { status: 429, data: { message: "Too many requests" }, headers: { "retry-after": "20" } },
    });
    sdk.createBrowserLoginFlow.mockRejectedValueOnce(limited).mockResolvedValueOnce({ ...loginWrongPassword, id: "login-3" });
    renderAt("/login");
    expect(await screen.findByText("Too many attempts. Try again in a moment.")).toBeTruthy();
    expect(screen.queryByText("Loading…")).toBeNull();

    await userEvent.click(screen.getByRole("button", { name: "Try again" }));
    expect(await screen.findByLabelText("Password")).toBeTruthy();
    expect(screen.queryByText("Too many attempts. Try again in a moment.")).toBeNull();
  });

  it("never follows a return_to off the portal once signed in, even without continue_with", async () => {
    sdk.getLoginFlow.mockResolvedValue({ ...loginWrongPassword, return_to: "/\\evil.example/steal" });
    sdk.updateLoginFlow.mockResolvedValue({ session: { id: "s-1" } });
    renderAt("/login?flow=login-1");
    await userEvent.type(await screen.findByLabelText("Password"), "Correct-horse-battery-9");
    await userEvent.click(screen.getByRole("button", { name: "Sign in with password" }));
    expect(assign).toHaveBeenCalledWith("/");
  });

  it("follows Kratos back to Hydra after an OAuth2 sign-in, and nowhere else off the portal", async () => {
    const toHydra = "http://localhost:4444/oauth2/auth?client_id=maps&login_verifier=v-1";
    const locationChange = (url: string) =>
      Object.assign(new Error("422"), {
        response: {
          status: 422,
          data: {
            error: { id: "browser_location_change_required", code: 422, message: "browser location change required" },
            redirect_browser_to: url,
          },
        },
      });
    sdk.getLoginFlow.mockResolvedValue({
      ...loginWrongPassword,
      oauth2_login_challenge: "c-1",
      oauth2_login_request: { request_url: "http://localhost:4444/oauth2/auth?client_id=maps" },
    });
    sdk.updateLoginFlow
      .mockRejectedValueOnce(locationChange("https://evil.example/oauth2/auth"))
      .mockRejectedValueOnce(locationChange(toHydra));
    renderAt("/login?flow=login-1&login_challenge=c-1");
    await userEvent.type(await screen.findByLabelText("Password"), "Correct-horse-battery-9");
    await userEvent.click(screen.getByRole("button", { name: "Sign in with password" }));
    expect(await screen.findByText("Something went wrong. Please try again.")).toBeTruthy();
    expect(assign).not.toHaveBeenCalled();

    await userEvent.click(screen.getByRole("button", { name: "Sign in with password" }));
    await vi.waitFor(() => expect(assign).toHaveBeenCalledWith(toHydra));
  });
});
