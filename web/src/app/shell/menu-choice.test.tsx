// The folded menu's choice: read from the cookie on both sides (the server's render through the page's
// start-up data), kept in the cookie and in the spec's localStorage key, Collapsed, which agree once the app runs.
import { act, cleanup, screen } from "@testing-library/react";
import { renderToString } from "react-dom/server";
import { afterEach, describe, expect, it, vi } from "vitest";
import { menuCollapsedOfCookies } from "#contract/menu.js";
import { withServerPage } from "../../lib/boot-data";
import { chooseMenuCollapsed, syncStoredChoice, useMenuCollapsed } from "./menu-choice";
import { render } from "../../lib/testing/render";

const config = { KRATOS_PUBLIC_URL: "http://localhost/kratos" };

function Probe() {
  return <p>{useMenuCollapsed() ? "folded" : "expanded"}</p>;
}

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  chooseMenuCollapsed(false);
  localStorage.clear();
});

describe("menuCollapsedOfCookies", () => {
  it("reads only its one value, under its own name", () => {
    expect(menuCollapsedOfCookies("a=1; portal_menu=collapsed; b=2")).toBe(true);
    expect(menuCollapsedOfCookies("portal_menu=collapsed")).toBe(true);
    expect(menuCollapsedOfCookies("portal_menu=expanded")).toBe(false);
    expect(menuCollapsedOfCookies("portal_menu=Collapsed")).toBe(false);
    expect(menuCollapsedOfCookies('portal_menu="><script>')).toBe(false);
    expect(menuCollapsedOfCookies("xportal_menu=collapsed")).toBe(false);
    expect(menuCollapsedOfCookies(undefined)).toBe(false);
  });
});

describe("the menu's choice", () => {
  it("renders on the server as the page's start-up data says", () => {
    expect(
      withServerPage({ config, language: "en", menuCollapsed: true }, "http://localhost", () => renderToString(<Probe />)).rendered,
    ).toBe("<p>folded</p>");
    expect(withServerPage({ config, language: "en" }, "http://localhost", () => renderToString(<Probe />)).rendered).toBe(
      "<p>expanded</p>",
    );
  });

  it("applies at once in the browser and is kept in the cookie and the spec's Collapsed key; unfolded needs no cookie", () => {
    render(<Probe />);
    expect(screen.getByText("expanded")).toBeDefined();
    act(() => chooseMenuCollapsed(true));
    expect(screen.getByText("folded")).toBeDefined();
    expect(menuCollapsedOfCookies(document.cookie)).toBe(true);
    expect(localStorage.getItem("Collapsed")).toBe("true");
    act(() => chooseMenuCollapsed(false));
    expect(screen.getByText("expanded")).toBeDefined();
    expect(document.cookie).not.toContain("portal_menu");
    expect(localStorage.getItem("Collapsed")).toBe("false");
  });

  it("is kept in the cookie where localStorage is refused", () => {
    vi.spyOn(Storage.prototype, "setItem").mockImplementation(() => {
      throw new DOMException("full", "QuotaExceededError");
    });
    render(<Probe />);
    act(() => chooseMenuCollapsed(true));
    expect(screen.getByText("folded")).toBeDefined();
    expect(menuCollapsedOfCookies(document.cookie)).toBe(true);
  });
});

describe("syncStoredChoice", () => {
  it("writes a folded menu of the cookie into the Collapsed key, and leaves the cookie as it is", () => {
    chooseMenuCollapsed(true);
    localStorage.removeItem("Collapsed");
    syncStoredChoice();
    expect(localStorage.getItem("Collapsed")).toBe("true");
    expect(menuCollapsedOfCookies(document.cookie)).toBe(true);
  });

  it("folds the menu again, cookie included, when the key says folded and no cookie does", () => {
    render(<Probe />);
    localStorage.setItem("Collapsed", "true");
    act(() => syncStoredChoice());
    expect(screen.getByText("folded")).toBeDefined();
    expect(menuCollapsedOfCookies(document.cookie)).toBe(true);
    expect(localStorage.getItem("Collapsed")).toBe("true");
  });

  it.each(["false", "yes", null])("leaves an unfolded menu unfolded, with %s in the key", (stored) => {
    if (stored !== null) localStorage.setItem("Collapsed", stored);
    syncStoredChoice();
    expect(menuCollapsedOfCookies(document.cookie)).toBe(false);
    expect(localStorage.getItem("Collapsed")).toBe(stored);
  });

  it("does nothing when storage is unavailable", () => {
    vi.spyOn(Storage.prototype, "getItem").mockImplementation(() => {
      throw new DOMException("denied", "SecurityError");
    });
    expect(() => syncStoredChoice()).not.toThrow();
    expect(menuCollapsedOfCookies(document.cookie)).toBe(false);
  });
});
