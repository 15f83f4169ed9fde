import { describe, expect, it } from "vitest";
import { handleFlowError } from "./handle-flow-error";

/** What the SDK (axios) rejects with when Kratos answers with an error status. */
function answer(status: number, data: unknown) {
  return Object.assign(new Error(`Request failed with status code ${status}`), { response: { status, data } });
}

const context = {
  returnTo: "http://localhost:3000/settings",
  currentUrl: "http://localhost:3000/changepwd?flow=settings-1",
};

const loginFlow = {
  id: "login-1",
  ui: {
    action: "http://localhost:3000/kratos/self-service/login?flow=login-1",
    method: "POST",
    nodes: [],
    messages: [{ id: 4000006, text: "The provided credentials are invalid.", type: "error" }],
  },
};

describe("handleFlowError", () => {
  it("re-renders a 400 that carries the flow, with its messages", () => {
    expect(handleFlowError(answer(400, loginFlow), context)).toEqual({ kind: "show-flow", flow: loginFlow });
  });

  it("loads the replacement Kratos made for an expired flow (it keeps return_to and says why)", () => {
    const expired = {
      error: { id: "self_service_flow_expired", code: 410, message: "self-service flow expired" },
      use_flow_id: "login-2",
    };
    expect(handleFlowError(answer(410, expired), context)).toEqual({ kind: "load-flow", flowId: "login-2" });
  });

  it("starts a new flow for an expired flow without a replacement, keeping Kratos' return_to", () => {
    const expired = {
      error: {
        id: "self_service_flow_expired",
        code: 410,
        message: "self-service flow expired",
        details: {
          return_to: "http://localhost:3000/verification",
          redirect_to: "http://localhost:3000/kratos/self-service/login/browser",
        },
      },
    };
    expect(handleFlowError(answer(410, expired), context)).toEqual({
      kind: "restart",
      returnTo: "http://localhost:3000/verification",
      notice: "expired",
    });
  });

  it("starts a new flow on a bare 410, keeping the flow's return_to", () => {
    expect(handleFlowError(answer(410, { error: { code: 410, message: "gone" } }), context)).toEqual({
      kind: "restart",
      returnTo: context.returnTo,
      notice: "expired",
    });
  });

  it("starts a new flow and says why on a CSRF violation", () => {
    const csrf = { error: { id: "security_csrf_violation", code: 403, message: "the request was rejected" } };
    expect(handleFlowError(answer(403, csrf), context)).toEqual({
      kind: "restart",
      returnTo: context.returnTo,
      notice: "csrf",
    });
  });

  it("starts a new flow and says why when the flow belongs to another identity", () => {
    const mismatch = { error: { id: "security_identity_mismatch", code: 403, message: "forbidden" } };
    expect(handleFlowError(answer(403, mismatch), context)).toEqual({
      kind: "restart",
      returnTo: context.returnTo,
      notice: "identityMismatch",
    });
  });

  it("sends the browser where a 422 browser_location_change_required points", () => {
    const change = {
      error: { id: "browser_location_change_required", code: 422, message: "browser location change required" },
      redirect_browser_to: "http://localhost:3000/settings?flow=settings-9",
    };
    expect(handleFlowError(answer(422, change), context)).toEqual({
      kind: "redirect",
      url: "http://localhost:3000/settings?flow=settings-9",
    });
  });

  it("steps up to the second factor on 403 session_aal2_required, coming back here", () => {
    const aal2 = {
      error: { id: "session_aal2_required", code: 403, message: "Session does not fulfill the requested AAL" },
      redirect_browser_to: "http://localhost:3000/kratos/self-service/login/browser?aal=aal2",
    };
    const action = handleFlowError(answer(403, aal2), context);
    expect(action).toEqual({
      kind: "navigate",
      to: "/login?aal=aal2&return_to=http%3A%2F%2Flocalhost%3A3000%2Fchangepwd%3Fflow%3Dsettings-1",
    });
  });

  it("asks to sign in again on 403 session_refresh_required, coming back here", () => {
    const refresh = { error: { id: "session_refresh_required", code: 403, message: "privileged session required" } };
    expect(handleFlowError(answer(403, refresh), context)).toEqual({
      kind: "navigate",
      to: "/login?refresh=true&return_to=http%3A%2F%2Flocalhost%3A3000%2Fchangepwd%3Fflow%3Dsettings-1",
    });
  });

  it("goes to the account when a session is already available", () => {
    const already = { error: { id: "session_already_available", code: 400, message: "already signed in" } };
    expect(handleFlowError(answer(400, already), context)).toEqual({ kind: "navigate", to: "/settings" });
    expect(handleFlowError(answer(400, already), { ...context, returnTo: "http://localhost:3000/verification?x=1" })).toEqual({
      kind: "navigate",
      to: "/verification?x=1",
    });
  });

  it("does not follow a return_to of another origin when a session is already available", () => {
    const already = { error: { id: "session_already_available", code: 400, message: "already signed in" } };
    expect(handleFlowError(answer(400, already), { ...context, returnTo: "https://evil.example/steal" })).toEqual({
      kind: "navigate",
      to: "/settings",
    });
  });

  it("signs in first when there is no session", () => {
    const inactive = { error: { id: "session_inactive", code: 401, message: "No active session was found" } };
    expect(handleFlowError(answer(401, inactive), context)).toEqual({
      kind: "navigate",
      to: "/login?return_to=http%3A%2F%2Flocalhost%3A3000%2Fchangepwd%3Fflow%3Dsettings-1",
    });
  });

  it("says so in its own words when an admin deactivated the account (401 without an error id)", () => {
    const disabled = {
      error: { code: 401, status: "Unauthorized", reason: "This account was disabled.", message: "identity is disabled" },
    };
    expect(handleFlowError(answer(401, disabled), context)).toEqual({
      kind: "fail",
      message: "This account is deactivated: it cannot sign in. Ask an administrator of the portal to reactivate it.",
    });
  });

  it("starts a new flow when the flow id is unknown", () => {
    const missing = { error: { code: 404, status: "Not Found", message: "Unable to locate the resource" } };
    expect(handleFlowError(answer(404, missing), context)).toEqual({
      kind: "restart",
      returnTo: context.returnTo,
      notice: "unknownFlow",
    });
  });

  it("shows Kratos' own words for anything else", () => {
    const forbidden = {
      error: {
        id: "self_service_flow_return_to_forbidden",
        code: 400,
        message: "bad request",
        reason: "Requested return_to URL is not allowed.",
      },
    };
    expect(handleFlowError(answer(400, forbidden), context)).toEqual({
      kind: "fail",
      message: "Requested return_to URL is not allowed.",
    });
  });

  it("says the service could not be reached when there is no answer at all", () => {
    const network = Object.assign(new Error("Network Error"), { isAxiosError: true });
    expect(handleFlowError(network, context)).toEqual({
      kind: "fail",
      message: "The account service could not be reached. Check your connection and try again.",
    });
  });

  it("keeps the form on a 429 from the portal's limits and says how long to wait", () => {
    const limited = (retryAfter: string | undefined) =>
      Object.assign(new Error("Request failed with status code 429"), {
        response: {
          status: 429,
          data: { message: "Too many requests", code: "rate_limited" },
          headers: retryAfter === undefined ? {} : { "retry-after": retryAfter },
        },
      });
    expect(handleFlowError(limited("720"), context)).toEqual({ kind: "fail", message: "Too many attempts. Try again in 12 minutes." });
    expect(handleFlowError(limited("60"), context)).toEqual({ kind: "fail", message: "Too many attempts. Try again in 1 minute." });
    expect(handleFlowError(limited("61"), context)).toEqual({ kind: "fail", message: "Too many attempts. Try again in 2 minutes." });
    expect(handleFlowError(limited("5"), context)).toEqual({ kind: "fail", message: "Too many attempts. Try again in a moment." });
    expect(handleFlowError(limited(undefined), context)).toEqual({ kind: "fail", message: "Too many attempts. Try again later." });
  });

  it("words the portal's refusal of an ambiguous submission from the catalog", () => {
    expect(handleFlowError(answer(400, { message: "The submission is ambiguous.", code: "ambiguous_request" }), context)).toEqual({
      kind: "fail",
      message: "The form was sent in a way the portal cannot check. Reload the page and try again.",
    });
  });
});
