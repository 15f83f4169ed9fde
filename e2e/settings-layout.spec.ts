// Account Settings' one layout: every section by its address, in English and in Arabic (right to
// left), on a desktop and a phone. One content width per screen size, every card of a section as wide as
// the others, nothing that scrolls sideways at 360 px, no section taller than two screens at 1280 × 800;
// axe on each, and a screenshot of each at 1280 and 390 px.
import type { Page } from "@playwright/test";
import { expect, test } from "./support/test.js";
import { expectAccessible } from "./support/a11y.js";
import { newIdentity, signInByApi } from "./support/identities.js";
import { saveScreenshot } from "./support/screenshots.js";

/** Each section's address, its name in the sub-navigation and a card it holds, in English and Arabic. */
const sections = [
  { path: "/settings", slug: "profile", en: "Profile", ar: "الملف الشخصي", card: { en: "Profile", ar: "الملف الشخصي" } },
  {
    path: "/settings/security",
    slug: "security",
    en: "Sign-in and security",
    ar: "تسجيل الدخول والأمان",
    card: { en: "Password", ar: "كلمة المرور" },
  },
  { path: "/settings/devices", slug: "devices", en: "Devices and activity", ar: "الأجهزة والنشاط", card: { en: "Active sessions" } },
  { path: "/settings/applications", slug: "applications", en: "Applications", ar: "التطبيقات", card: { en: "Connected apps" } },
  { path: "/settings/preferences", slug: "preferences", en: "Preferences", ar: "التفضيلات", card: { en: "Appearance" } },
  { path: "/settings/data", slug: "data", en: "Your data and account", ar: "بياناتك وحسابك", card: { en: "Delete account" } },
] as const;

interface Layout {
  /** The width of the column the section's cards stand in. */
  content: number;
  /** The width of each card of the section. */
  cards: number[];
  /** How far the page scrolls sideways, and how tall it is. */
  overflow: number;
  height: number;
}

function layoutOf(page: Page): Promise<Layout> {
  return page.evaluate(() => {
    const section = document.querySelector(".settings-section");
    const cards = Array.from(section?.querySelectorAll("section.card") ?? [], (card) => card.getBoundingClientRect().width);
    const root = document.documentElement;
    return {
      content: section?.getBoundingClientRect().width ?? 0,
      cards,
      overflow: root.scrollWidth - root.clientWidth,
      height: root.scrollHeight,
    };
  });
}

const nav = (page: Page, name: string) => page.getByRole("navigation", { name });

test("every section at 1280 × 800: one content width, equal cards, at most two screens tall", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await signInByApi(page, await newIdentity({ verified: true }));
  const widths = new Set<number>();
  for (const { path, slug, en, card } of sections) {
    await page.goto(path);
    await expect(page.getByRole("region", { name: card.en })).toBeVisible();
    await expect(nav(page, "Sections of Account Settings").getByRole("link", { name: en })).toHaveAttribute("aria-current", "page");
    await page.waitForLoadState("networkidle");
    const layout = await layoutOf(page);
    widths.add(Math.round(layout.content));
    expect(layout.cards.length, path).toBeGreaterThan(0);
    expect(
      Math.max(...layout.cards) - Math.min(...layout.cards),
      `${path}: its cards' widths ${layout.cards.join(", ")}`,
    ).toBeLessThanOrEqual(1);
    expect(layout.height, `${path}: its height`).toBeLessThanOrEqual(2 * 800);
    expect(layout.overflow, path).toBeLessThanOrEqual(0);
    await expectAccessible(page);
    await saveScreenshot(page, `settings-${slug}-1280`);
  }
  expect([...widths], "the sections' content width").toHaveLength(1);
});

test("every section on phones: nothing scrolls sideways at 360 px; screenshots at 390 px", async ({ page }) => {
  await signInByApi(page, await newIdentity({ verified: true }));
  for (const width of [360, 390]) {
    await page.setViewportSize({ width, height: 800 });
    const widths = new Set<number>();
    for (const { path, slug, card } of sections) {
      await page.goto(path);
      await expect(page.getByRole("region", { name: card.en })).toBeVisible();
      await page.waitForLoadState("networkidle");
      const layout = await layoutOf(page);
      widths.add(Math.round(layout.content));
      expect(layout.overflow, `${path} at ${width} px`).toBeLessThanOrEqual(0);
      expect(Math.max(...layout.cards) - Math.min(...layout.cards), `${path} at ${width} px`).toBeLessThanOrEqual(1);
      if (width === 390) await saveScreenshot(page, `settings-${slug}-390`);
    }
    expect([...widths], `the sections' content width at ${width} px`).toHaveLength(1);
  }
});

test("every section in Arabic, right to left, by its address and from the sub-navigation, with axe", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await signInByApi(page, await newIdentity({ verified: true, language: "ar" }));
  for (const { path, slug, ar } of sections) {
    await page.goto(path);
    await expect(page.getByRole("heading", { name: "إعدادات الحساب", level: 1 })).toBeVisible();
    await expect(nav(page, "أقسام إعدادات الحساب").getByRole("link", { name: ar })).toHaveAttribute("aria-current", "page");
    await expect(page).toHaveTitle(`${ar} · إعدادات الحساب`);
    await page.waitForLoadState("networkidle");
    expect((await layoutOf(page)).overflow, path).toBeLessThanOrEqual(0);
    await expectAccessible(page);
    if (slug === "security") await saveScreenshot(page, "settings-security-ar");
  }
  // The sub-navigation moves between sections in the app.
  await nav(page, "أقسام إعدادات الحساب").getByRole("link", { name: "الملف الشخصي" }).click();
  await expect(page.getByRole("region", { name: "الملف الشخصي" })).toBeVisible();
});
