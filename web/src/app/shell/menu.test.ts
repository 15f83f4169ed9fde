import { describe, expect, it } from "vitest";
import { menuFor } from "./menu";

const labels = (roles: string[]) => menuFor(roles).map(({ label, path }) => [label, path]);

describe("the side menu", () => {
  it("shows a user without roles every item but Manage Clients, in the spec's order", () => {
    expect(labels([])).toEqual([
      ["Verify Account", "/verification"],
      ["Account Settings", "/settings"],
      ["Recovery", "/changepwd"],
    ]);
  });

  it("hides Manage Clients from other roles", () => {
    expect(labels(["editor", "administrator"]).map(([label]) => label)).not.toContain("Manage Clients");
  });

  it("shows Manage Clients to admins, last", () => {
    expect(labels(["viewer", "admin"]).at(-1)).toEqual(["Manage Clients", "/manage-clients"]);
    expect(labels(["admin"])).toHaveLength(4);
  });
});
