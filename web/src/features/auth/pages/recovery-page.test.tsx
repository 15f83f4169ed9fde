import { cleanup, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter, Route, Routes } from "react-router-dom";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { RecoveryPage } from "./recovery-page";
import { render } from "../../../lib/testing/render";

const sdk = vi.hoisted(() => ({ getRecoveryFlow: vi.fn(), updateRecoveryFlow: vi.fn() }));
vi.mock("../../../lib/kratos/client", () => ({ kratos: () => sdk }));

const assign = vi.fn();
const originalLocation = window.location;

/** The recovery flow once the code was mailed, as Kratos v1.3.1 sends it. */
const codeSent = {
  id: "recovery-1",
  state: "sent_email",
  ui: {
    action: "http://localhost:3000/kratos/self-service/recovery?flow=recovery-1",
    method: "POST",
    messages: [{ id: 1060003, text: "An email containing a recovery code has been sent.", type: "info" }],
    nodes: [
      {
        type: "input",
        group: "default",
        attributes: { name: "csrf_token", type: "hidden", value: "token-1", required: true, disabled: false, node_type: "input" },
        messages: [],
        meta: {},
      },
      {
        type: "input",
        group: "code",
        attributes: { name: "code", type: "text", required: true, pattern: "[0-9]+", maxlength: 6, disabled: false, node_type: "input" },
        messages: [],
        meta: { label: { id: 1070010, text: "Recovery code", type: "info" } },
      },
      {
        type: "input",
        group: "code",
        attributes: { name: "method", type: "hidden", value: "code", disabled: false, node_type: "input" },
        messages: [],
        meta: {},
      },
      {
        type: "input",
        group: "code",
        attributes: { name: "method", type: "submit", value: "code", disabled: false, node_type: "input" },
        messages: [],
        meta: { label: { id: 1070009, text: "Continue", type: "info" } },
      },
    ],
  },
};

beforeEach(() => {
  Object.defineProperty(window, "location", {
    configurable: true,
    value: { href: "http://localhost:3000/recovery?flow=recovery-1", origin: "http://localhost:3000", assign },
  });
  sdk.getRecoveryFlow.mockResolvedValue(codeSent);
});

afterEach(() => {
  cleanup();
  vi.clearAllMocks();
  Object.defineProperty(window, "location", { configurable: true, value: originalLocation });
});

describe("RecoveryPage", () => {
  it("sends the code and lands on the Recovery page with the settings flow Kratos opened", async () => {
    // 422 browser_location_change_required: Kratos points at its settings UI URL.
    sdk.updateRecoveryFlow.mockRejectedValue(
      Object.assign(new Error("422"), {
        response: {
          status: 422,
          data: {
            error: { id: "browser_location_change_required", code: 422, message: "browser location change required" },
            redirect_browser_to: "http://localhost:3000/settings?flow=settings-7",
          },
        },
      }),
    );
    render(
      <MemoryRouter initialEntries={["/recovery?flow=recovery-1"]}>
        <Routes>
          <Route path="/recovery" element={<RecoveryPage />} />
        </Routes>
      </MemoryRouter>,
    );
    await userEvent.type(await screen.findByLabelText("Recovery code"), "123456");
    await userEvent.click(screen.getByRole("button", { name: "Continue" }));

    expect(sdk.updateRecoveryFlow).toHaveBeenCalledWith(
      {
        flow: "recovery-1",
        // The page's language goes along, for the language of Kratos' mails.
        updateRecoveryFlowBody: { csrf_token: "token-1", code: "123456", method: "code", transient_payload: { language: "en" } },
      },
      // No proof of work was asked for, so no solution goes along.
      undefined,
    );
    expect(assign).toHaveBeenCalledWith("/changepwd?flow=settings-7");
  });
});
