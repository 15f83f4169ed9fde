// The document's title, which the server's <title> and the shell both take from here.
import { describe, expect, it } from "vitest";
import { pageTitleOf } from "./page-title";

describe("the page title", () => {
  it("names a signed-in page by its menu entry, and Account Settings by its section", () => {
    expect(pageTitleOf("/changepwd")).toBe("Recovery");
    expect(pageTitleOf("/manage-users")).toBe("Manage Users");
    expect(pageTitleOf("/manage-users/user")).toBe("Manage Users");
    expect(pageTitleOf("/settings")).toBe("Profile · Account Settings");
    expect(pageTitleOf("/settings/devices")).toBe("Devices and activity · Account Settings");
  });

  it("leaves the product's name to the pages that do not name themselves", () => {
    expect(pageTitleOf("/login")).toBeUndefined();
    expect(pageTitleOf("/")).toBeUndefined();
    expect(pageTitleOf("/nowhere")).toBeUndefined();
  });
});
