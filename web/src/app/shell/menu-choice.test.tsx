// The folded menu's choice: read from the cookie on both sides (the server's render through the page's
// start-up data), kept in the cookie, and moved there once from where earlier versions kept it.
import { act, cleanup, render, screen } from "@testing-library/react";
import { renderToString } from "react-dom/server";
import { afterEach, describe, expect, it } from "vitest";
import { menuCollapsedOfCookies } from "#contract/menu.js";
import { withServerPage } from "../../lib/boot-data";
import { adoptStoredChoice, chooseMenuCollapsed, useMenuCollapsed } from "./menu-choice";

function memoryStorage(entries: Record<string, string> = {}): Storage {
  const values = new Map(Object.entries(entries));
  return {
    get length() {
      return values.size;
    },
    clear: () => values.clear(),
    getItem: (key) => values.get(key) ?? null,
    key: (index) => [...values.keys()][index] ?? null,
    removeItem: (key) => void values.delete(key),
    setItem: (key, value) => void values.set(key, value),
  };
}

const config = { KRATOS_PUBLIC_URL: "http://localhost/kratos" };

function Probe() {
  return <p>{useMenuCollapsed() ? "folded" : "expanded"}</p>;
}

afterEach(() => {
  cleanup();
  chooseMenuCollapsed(false);
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
    expect(withServerPage({ config, language: "en", menuCollapsed: true }, "http://localhost", () => renderToString(<Probe />))).toBe(
      "<p>folded</p>",
    );
    expect(withServerPage({ config, language: "en" }, "http://localhost", () => renderToString(<Probe />))).toBe("<p>expanded</p>");
  });

  it("applies at once in the browser and is kept in the cookie; unfolded forgets it", () => {
    render(<Probe />);
    expect(screen.getByText("expanded")).toBeDefined();
    act(() => chooseMenuCollapsed(true));
    expect(screen.getByText("folded")).toBeDefined();
    expect(menuCollapsedOfCookies(document.cookie)).toBe(true);
    act(() => chooseMenuCollapsed(false));
    expect(screen.getByText("expanded")).toBeDefined();
    expect(document.cookie).not.toContain("portal_menu");
  });
});

describe("adoptStoredChoice", () => {
  it("moves a folded menu from localStorage into the cookie, once", () => {
    const storage = memoryStorage({ Collapsed: "true", Other: "kept" });
    adoptStoredChoice(storage);
    expect(menuCollapsedOfCookies(document.cookie)).toBe(true);
    expect(storage.getItem("Collapsed")).toBeNull();
    expect(storage.getItem("Other")).toBe("kept");

    chooseMenuCollapsed(false);
    adoptStoredChoice(storage);
    expect(menuCollapsedOfCookies(document.cookie)).toBe(false);
  });

  it("forgets an expanded menu or a value it did not write, and leaves a cookie's newer choice alone", () => {
    for (const stored of ["false", "yes"]) {
      const storage = memoryStorage({ Collapsed: stored });
      adoptStoredChoice(storage);
      expect(storage.getItem("Collapsed")).toBeNull();
      expect(menuCollapsedOfCookies(document.cookie)).toBe(false);
    }
    chooseMenuCollapsed(true);
    adoptStoredChoice(memoryStorage({ Collapsed: "false" }));
    expect(menuCollapsedOfCookies(document.cookie)).toBe(true);
  });

  it("does nothing when storage is unavailable", () => {
    const unavailable = {
      getItem() {
        throw new DOMException("denied", "SecurityError");
      },
    } as unknown as Storage;
    expect(() => adoptStoredChoice(unavailable)).not.toThrow();
    expect(menuCollapsedOfCookies(document.cookie)).toBe(false);
  });
});
