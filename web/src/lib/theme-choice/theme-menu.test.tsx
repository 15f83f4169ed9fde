// The theme menu as the reader meets it: it shows the page's choice, and a
// new choice applies at once and is kept in the cookie the server reads.
import { cleanup, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { themeOfCookies } from "#contract/theme.js";
import { chooseTheme } from "./theme-choice";
import { ThemeMenu } from "./theme-menu";
import { render } from "../testing/render";

const root = document.documentElement;
// index.html's, which a choice updates for the browser's own parts.
const meta = document.createElement("meta");
meta.name = "color-scheme";
const colorScheme = () => meta.content;

beforeEach(() => {
  meta.content = "light dark";
  document.head.append(meta);
});

afterEach(() => {
  chooseTheme("system");
  cleanup();
  meta.remove();
});

describe("ThemeMenu", () => {
  it("starts as the system's, and Dark applies at once and is kept", async () => {
    render(<ThemeMenu />);
    const menu = screen.getByRole("combobox", { name: "Theme" });
    expect(menu).toHaveProperty("value", "system");
    expect(screen.getAllByRole("option").map((option) => option.textContent)).toEqual(["As my system", "Light", "Dark"]);

    await userEvent.selectOptions(menu, "Dark");
    expect(root.dataset.bsTheme).toBe("dark");
    expect(colorScheme()).toBe("dark");
    expect(themeOfCookies(document.cookie)).toBe("dark");
    expect(menu).toHaveProperty("value", "dark");
  });

  it("As my system forgets the choice: no attribute, no cookie, both colour schemes", async () => {
    chooseTheme("light");
    render(<ThemeMenu />);
    const menu = screen.getByRole("combobox", { name: "Theme" });
    expect(menu).toHaveProperty("value", "light");
    expect(root.dataset.bsTheme).toBe("light");

    await userEvent.selectOptions(menu, "As my system");
    expect(root.dataset.bsTheme).toBeUndefined();
    expect(colorScheme()).toBe("light dark");
    expect(themeOfCookies(document.cookie)).toBeUndefined();
  });
});

describe("themeOfCookies", () => {
  it("reads only light or dark, under its own name", () => {
    expect(themeOfCookies("a=1; portal_theme=dark; b=2")).toBe("dark");
    expect(themeOfCookies("portal_theme=light")).toBe("light");
    expect(themeOfCookies('portal_theme="><script>')).toBeUndefined();
    expect(themeOfCookies("xportal_theme=dark")).toBeUndefined();
    expect(themeOfCookies(undefined)).toBeUndefined();
  });
});
