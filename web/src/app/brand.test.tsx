import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import type { Branding, TermsLinks } from "#contract/schemas/runtime-config.js";
import { withServerPage } from "../lib/boot-data";
import { TextProvider } from "../lib/i18n/text";
import { BrandLinks, BrandLogo, BrandMark } from "./brand";

/** The markup the server renders with the operator's branding in the page's configuration. */
function markupOf(branding: Branding | undefined, element: React.ReactElement, terms?: TermsLinks): HTMLElement {
  const config = { KRATOS_PUBLIC_URL: "http://localhost/kratos", ...(branding ? { BRANDING: branding } : {}), ...(terms ? { terms } : {}) };
  const { rendered: html } = withServerPage({ config, language: "en" }, "http://localhost", () =>
    renderToString(<TextProvider>{element}</TextProvider>),
  );
  const container = document.createElement("div");
  container.innerHTML = html;
  return container;
}

describe("the operator's branding", () => {
  it("draws the mark in each theme's variant, and the globe without one", () => {
    const themed = markupOf({ mark: { light: "/branding/mark-light.1.svg", dark: "/branding/mark-dark.2.svg" } }, <BrandMark />);
    expect([...themed.querySelectorAll("img")].map((image) => [image.getAttribute("src"), image.className])).toEqual([
      ["/branding/mark-light.1.svg", "brand-mark brand-image-light"],
      ["/branding/mark-dark.2.svg", "brand-mark brand-image-dark"],
    ]);
    expect(markupOf(undefined, <BrandMark />).querySelector("svg")).not.toBeNull();
  });

  it("names the logo by the product, and shows the name beside the mark without a logo", () => {
    const logo = markupOf({ logo: { light: "/branding/logo-light.1.png" } }, <BrandLogo productName="Rechenwerk" />);
    expect(logo.querySelector("img")?.getAttribute("alt")).toBe("Rechenwerk");
    expect(logo.textContent).toBe("");
    expect(markupOf(undefined, <BrandLogo productName="Account" />).textContent).toBe("Account");
  });

  it("links help, terms and privacy that were given, and nothing without them", () => {
    const links = markupOf({ supportEmail: "help@example.org" }, <BrandLinks />).querySelectorAll("a");
    expect([...links].map((link) => [link.textContent, link.getAttribute("href")])).toEqual([["Help", "mailto:help@example.org"]]);
    const withTerms = markupOf(undefined, <BrandLinks />, {
      url: "https://example.org/terms",
      privacyUrl: "https://example.org/privacy",
      version: "2026-01",
    }).querySelectorAll("a");
    expect([...withTerms].map((link) => [link.textContent, link.getAttribute("href")])).toEqual([
      ["Terms of service", "https://example.org/terms"],
      ["Privacy policy", "https://example.org/privacy"],
    ]);
    expect(markupOf(undefined, <BrandLinks />).innerHTML).toBe("");
  });
});
