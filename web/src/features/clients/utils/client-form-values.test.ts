// The form's values against what /api/clients takes and answers.
import { describe, expect, it } from "vitest";
import { formValuesOf, newClientValues, problemsOf, toClientInput, toClientUpdate } from "./client-form-values";
import type { Client } from "../api/client-types";

const stored: Client = {
  client_id: "c-1",
  client_name: "Map viewer",
  grant_types: ["authorization_code", "refresh_token", "urn:ietf:params:oauth:grant-type:device_code"],
  response_types: ["code"],
  scope: "openid offline_access",
  audience: ["https://api.example.org"],
  redirect_uris: ["https://maps.example.org/callback", "https://maps.example.org/cb2"],
  post_logout_redirect_uris: ["https://maps.example.org/"],
  token_endpoint_auth_method: "private_key_jwt",
  skip_consent: true,
  client_uri: "https://maps.example.org",
  logo_uri: "",
  contacts: ["ops@example.org"],
  owner: "GIS team",
  created_at: "2025-01-02T03:04:05Z",
  updated_at: null,
};

describe("toClientInput", () => {
  it("sends one value per non-blank line, trimmed, and the scope single-spaced", () => {
    const input = toClientInput({
      ...newClientValues,
      client_name: "  Tiles  ",
      redirect_uris: " https://a.example/cb \r\n\n  https://b.example/cb\n",
      scope: "  openid\n profile   email ",
      contacts: "a@example.org\n\n",
      owner: " team ",
    });
    expect(input).toMatchObject({
      client_name: "Tiles",
      redirect_uris: ["https://a.example/cb", "https://b.example/cb"],
      post_logout_redirect_uris: [],
      scope: "openid profile email",
      contacts: ["a@example.org"],
      owner: "team",
      grant_types: ["authorization_code", "refresh_token"],
      token_endpoint_auth_method: "client_secret_basic",
    });
  });
});

describe("formValuesOf and toClientUpdate", () => {
  it("opens a client with its values one per line", () => {
    const values = formValuesOf(stored);
    expect(values.redirect_uris).toBe("https://maps.example.org/callback\nhttps://maps.example.org/cb2");
    expect(values.skip_consent).toBe(true);
    expect(values.grant_types).toEqual(["authorization_code", "refresh_token"]);
  });

  it("sends only what changed, so values the page cannot set survive an edit", () => {
    const initial = formValuesOf(stored);
    expect(toClientUpdate(initial, initial)).toEqual({});
    const update = toClientUpdate(initial, {
      ...initial,
      client_name: "Map viewer 2",
      redirect_uris: `${initial.redirect_uris}\nhttps://maps.example.org/cb3`,
    });
    expect(update).toEqual({
      client_name: "Map viewer 2",
      redirect_uris: ["https://maps.example.org/callback", "https://maps.example.org/cb2", "https://maps.example.org/cb3"],
    });
  });
});

describe("problemsOf", () => {
  it("words each code at its field and the rest apart, from the catalog", () => {
    const problems = problemsOf([
      { field: "redirect_uris", code: "uri_fragment", value: "https://a.example/#x" },
      { field: "redirect_uris", code: "redirect_uri_required" },
      { field: "grant_types", code: "too_few", limit: 1 },
      { field: "client", code: "refused_by_hydra" },
    ]);
    expect(problems.fields).toEqual({
      redirect_uris:
        "https://a.example/#x must not contain a fragment (#). Authorization code and implicit need at least one redirect URI.",
      grant_types: "Needs at least 1 value.",
    });
    expect(problems.general).toEqual(["Hydra refused this value."]);
  });
});
