import { describe, expect, it } from "vitest";
import { menuFor } from "./menu";

const labels = (roles: string[]) => menuFor(roles).map(({ label, path }) => [label, path]);

describe("the side menu", () => {
  it("shows a user without roles every item but Manage Clients and Manage Users, in the spec's order", () => {
    expect(labels([])).toEqual([
      ["Verify Account", "/verification"],
      ["Account Settings", "/settings"],
      ["Recovery", "/changepwd"],
    ]);
  });

  it("hides Manage Clients and Manage Users from other roles", () => {
    const shown = labels(["editor", "administrator"]).map(([label]) => label);
    expect(shown).not.toContain("Manage Clients");
    expect(shown).not.toContain("Manage Users");
  });

  it("shows Manage Clients, then Manage Users, to admins, last", () => {
    expect(labels(["viewer", "admin"]).slice(-2)).toEqual([
      ["Manage Clients", "/manage-clients"],
      ["Manage Users", "/manage-users"],
    ]);
    expect(labels(["admin"])).toHaveLength(5);
  });
});
