// The generic renderer against flows saved from the real Kratos v1.3.1.
/* eslint-disable testing-library/no-node-access, testing-library/no-container --
   The renderer's contract with Kratos includes what no user sees and no role
   names: hidden inputs (the CSRF token) and the script element of webauthn.js. */
import type { UiNode } from "@ory/client-fetch";
import { cleanup, fireEvent, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { KratosFlow } from "../kratos/errors";
import { FlowForm } from "./flow-form";
import { FlowMessages } from "./flow-messages";
import loginWrongPassword from "./fixtures/login-wrong-password.json";
import registrationCredentialsStep from "./fixtures/registration-credentials-step.json";
import settingsBackupCodes from "./fixtures/settings-backup-codes.json";
import { render } from "../testing/render";

const loginFlow = loginWrongPassword as unknown as KratosFlow;
const registrationFlow = registrationCredentialsStep as unknown as KratosFlow;
const settingsFlow = settingsBackupCodes as unknown as KratosFlow;

function csrfOf(flow: KratosFlow): string {
  const node = flow.ui.nodes.find((n) => n.attributes.node_type === "input" && n.attributes.name === "csrf_token");
  return node?.attributes.node_type === "input" ? String(node.attributes.value) : "";
}

afterEach(() => {
  cleanup();
  document.querySelectorAll("script").forEach((script) => script.remove());
  vi.unstubAllGlobals();
});

describe("FlowForm", () => {
  it("renders Kratos' inputs with Kratos' labels, its values, and the hidden CSRF token", () => {
    const { container } = render(<FlowForm flow={loginFlow} busy={false} onSubmit={() => {}} />);

    expect(screen.getByLabelText("Email")).toHaveProperty("value", "ada@example.com");
    expect(screen.getByLabelText("Password")).toHaveProperty("type", "password");
    const csrf = container.querySelector<HTMLInputElement>('input[name="csrf_token"]');
    expect(csrf?.type).toBe("hidden");
    expect(csrf?.value).toBe(csrfOf(loginFlow));
    expect(screen.getByRole("button", { name: "Sign in with password" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Send sign-in code" })).toBeTruthy();
  });

  it("keeps the real action and method, so Kratos' script can submit it natively", () => {
    render(<FlowForm flow={loginFlow} busy={false} onSubmit={() => {}} aria-label="Sign in" />);
    const form = screen.getByRole("form", { name: "Sign in" });
    expect(form.getAttribute("action")).toBe(loginFlow.ui.action);
    expect(form.getAttribute("method")).toBe("POST");
  });

  it("sends what the clicked button's method needs, as JSON-ready values", async () => {
    const onSubmit = vi.fn();
    render(<FlowForm flow={loginFlow} busy={false} onSubmit={onSubmit} />);
    await userEvent.type(screen.getByLabelText("Password"), "Correct-horse-battery-9");

    await userEvent.click(screen.getByRole("button", { name: "Sign in with password" }));
    expect(onSubmit).toHaveBeenLastCalledWith(
      {
        csrf_token: csrfOf(loginFlow),
        identifier: "ada@example.com",
        password: "Correct-horse-battery-9",
        method: "password",
      },
      { name: "method", value: "password", group: "password" },
    );

    await userEvent.click(screen.getByRole("button", { name: "Send sign-in code" }));
    expect(onSubmit).toHaveBeenLastCalledWith(
      { csrf_token: csrfOf(loginFlow), identifier: "ada@example.com", method: "code" },
      { name: "method", value: "code", group: "code" },
    );
  });

  it("shows a node's message next to its field, styled by type, and marks the field invalid", () => {
    render(<FlowForm flow={registrationFlow} busy={false} onSubmit={() => {}} />);
    const password = screen.getByLabelText("Password");
    expect(password.getAttribute("aria-invalid")).toBe("true");
    const description = document.getElementById(password.getAttribute("aria-describedby") ?? "");
    expect(description?.textContent).toBe("Your password needs at least 8 characters.");
    expect(description?.querySelector("[data-message-type]")?.getAttribute("data-message-type")).toBe("error");
  });

  it("renders the flow's messages by type", () => {
    render(<FlowMessages messages={loginFlow.ui.messages} />);
    const alert = screen.getByRole("alert");
    expect(alert.textContent).toBe("The sign-in details are not right. Check your email address and password for typos.");
    expect(alert.className).toContain("alert-danger");
  });

  it("sends the traits of the first registration step along with the chosen credential", async () => {
    const onSubmit = vi.fn<(body: unknown) => void>();
    render(<FlowForm flow={registrationFlow} busy={false} onSubmit={onSubmit} />);
    await userEvent.type(screen.getByLabelText("Password"), "Correct-horse-battery-9");
    await userEvent.click(screen.getByRole("button", { name: "Sign up with password" }));
    const [body] = onSubmit.mock.lastCall ?? [];
    expect(body).toMatchObject({
      traits: { email: "ada@example.com", name: { first: "Ann", last: "Lee" } },
      password: "Correct-horse-battery-9",
      method: "password",
    });
    expect(body).not.toHaveProperty("passkey_register");
  });

  it("shows the TOTP QR code, its secret and the backup codes as Kratos sent them", () => {
    render(<FlowForm flow={settingsFlow} busy={false} onSubmit={() => {}} />);
    expect(screen.getByRole("img", { name: "Authenticator app QR code" })).toBeTruthy();
    const secret = screen.getByRole("figure", { name: /authenticator app.s secret key/ });
    expect(secret.querySelector("code")?.textContent).toMatch(/^[A-Z2-7]{32}$/);
    const codes = screen.getByRole("figure", { name: /Your backup codes/ });
    expect(within(codes).getAllByRole("listitem")).toHaveLength(12);
    expect(screen.getByRole("button", { name: "Confirm backup codes" })).toBeTruthy();
    expect(screen.getByLabelText("Verify code")).toBeTruthy();
  });

  it("renders only the groups it is given, plus the default group", () => {
    render(<FlowForm flow={settingsFlow} groups={["totp"]} busy={false} onSubmit={() => {}} />);
    expect(screen.getByLabelText("Verify code")).toBeTruthy();
    expect(screen.queryByLabelText("Password")).toBeNull();
    expect(screen.queryByRole("button", { name: "Add security key" })).toBeNull();
    expect(document.querySelector('input[name="csrf_token"]')).not.toBeNull();
  });

  it("still renders nodes it does not know", () => {
    const unknownNodes: UiNode[] = [
      {
        type: "input",
        group: "default",
        attributes: { name: "traits.website", type: "url", node_type: "input", disabled: false },
        messages: [],
        meta: { label: { id: 1070002, text: "Website", type: "info", context: { title: "Website" } } },
      },
      {
        type: "div",
        group: "captcha",
        attributes: { id: "captcha", node_type: "div" },
        messages: [{ id: 4000001, text: "Please solve the challenge.", type: "error", context: { reason: "Please solve the challenge." } }],
        meta: { label: { id: 1, text: "Prove you are human", type: "info" } },
      },
    ];
    const flow: KratosFlow = { ...loginFlow, ui: { ...loginFlow.ui, nodes: [...loginFlow.ui.nodes, ...unknownNodes] } };
    render(<FlowForm flow={flow} busy={false} onSubmit={() => {}} />);
    expect(screen.getByLabelText("Website")).toHaveProperty("type", "url");
    expect(screen.getByText("Prove you are human")).toBeTruthy();
    expect(screen.getByText("Please solve the challenge.")).toBeTruthy();
  });

  it("loads webauthn.js as a script element and lets its button call Kratos' trigger once it ran", async () => {
    const oryPasskeyLogin = vi.fn();
    vi.stubGlobal("oryPasskeyLogin", oryPasskeyLogin);
    vi.stubGlobal("oryPasskeyLoginAutocompleteInit", vi.fn());
    render(<FlowForm flow={loginFlow} busy={false} onSubmit={() => {}} />);

    // Until the script ran, the button says it is loading.
    const passkey = screen.getByRole<HTMLButtonElement>("button", { name: "Sign in with passkey (loading…)" });
    expect(passkey.disabled).toBe(true);
    const script = document.querySelector<HTMLScriptElement>("script#webauthn_script");
    expect(script?.src).toBe("http://localhost:3000/kratos/.well-known/ory/webauthn.js");
    expect(script?.integrity).toMatch(/^sha512-/);

    fireEvent.load(script as HTMLScriptElement);
    await vi.waitFor(() => expect(passkey.disabled).toBe(false));
    expect(passkey.textContent).toBe("Sign in with passkey");
    await userEvent.click(passkey);
    expect(oryPasskeyLogin).toHaveBeenCalledTimes(1);
  });
});
