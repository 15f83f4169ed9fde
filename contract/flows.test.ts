// The flow query (contract/flows.ts) as the app reads and writes it: a URL's
// query, a flow's, the query a restarted flow's page gets, and the link to
// sign in and come back.
import { describe, expect, it } from "vitest";
import { flowQueryOf, flowQueryOfFlow, returnToOf, signInHref, withFlowQuery } from "./flows.js";

const back = "https://portal.example/settings?x=1";

describe("the flow query", () => {
  it("takes only what the kind of flow takes, and no empty value", () => {
    const search = new URLSearchParams({ return_to: back, aal: "aal2", refresh: "", login_challenge: "c1", flow: "f" });
    expect(flowQueryOf("login", search)).toEqual({ return_to: back, aal: "aal2", login_challenge: "c1" });
    expect(flowQueryOf("registration", search)).toEqual({ return_to: back });
  });

  it("starts a replaced flow again with what it was asked, in the URL's spelling", () => {
    const flow = { return_to: back, requested_aal: "aal2", refresh: true, oauth2_login_challenge: "c1" };
    const query = flowQueryOfFlow(flow);
    expect(query).toEqual({ return_to: back, aal: "aal2", refresh: "true", login_challenge: "c1" });
    const next = withFlowQuery(new URLSearchParams({ notice: "expired" }), query);
    expect(Object.fromEntries(next)).toEqual({ notice: "expired", ...query });
    expect(flowQueryOf("login", next)).toEqual(query);
    expect(flowQueryOfFlow({ requested_aal: "aal1", return_to: "" })).toEqual({});
  });

  it("comes back to the flow's return_to, else the URL's", () => {
    const search = new URLSearchParams({ return_to: "https://portal.example/from-url" });
    expect(returnToOf({ return_to: back }, search)).toBe(back);
    expect(returnToOf({ return_to: "" }, search)).toBe("https://portal.example/from-url");
    expect(returnToOf(undefined, new URLSearchParams())).toBeUndefined();
  });

  it("links to sign in with what it asks and the way back", () => {
    expect(signInHref(back)).toBe(`/login?return_to=${encodeURIComponent(back)}`);
    expect(signInHref(back, { aal: "aal2" })).toBe(`/login?aal=aal2&return_to=${encodeURIComponent(back)}`);
    expect(signInHref(back, { refresh: true })).toBe(`/login?refresh=true&return_to=${encodeURIComponent(back)}`);
    expect(signInHref(undefined, { notice: "deleted" })).toBe("/login?notice=deleted");
  });
});
