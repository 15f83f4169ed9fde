// Dates in the pages the server renders: in UTC on a first visit, then in the
// reader's zone, which the app keeps in a cookie for the server; either way
// the app, taking the page over, finds the dates as it would write them, so
// nothing on the page moves (a moved link is a click beside it).
import type { Page } from "@playwright/test";
import { waitForApp } from "./support/flows.js";
import { newIdentity, signInWithSecondFactorByApi } from "./support/identities.js";
import { expect, test } from "./support/test.js";
import { timeZoneCookieName } from "#contract/time-zone.js";

/** Records, from the page's start, every layout shift and every text rewritten in place (as a date would be). */
async function watchPage(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __moved: string[] }).__moved = seen;
    new PerformanceObserver((entries) => {
      for (const entry of entries.getEntries() as (PerformanceEntry & { value: number })[]) seen.push(`shift ${entry.value}`);
    }).observe({ type: "layout-shift", buffered: true });
    new MutationObserver((records) => {
      for (const record of records)
        if (record.type === "characterData" && record.target.textContent?.trim()) seen.push(`text ${record.target.textContent}`);
    }).observe(document, { subtree: true, characterData: true });
  });
}

const moved = (page: Page) => page.evaluate(() => (window as unknown as { __moved: string[] }).__moved);

const day = (iso: string, timeZone: string) => new Intl.DateTimeFormat("en", { dateStyle: "medium", timeZone }).format(new Date(iso));

test.describe("in Tokyo", () => {
  test.use({ timezoneId: "Asia/Tokyo" });

  test("an admin's table of people is written in the reader's zone from the second page on, and does not move", async ({ page }) => {
    const admin = await newIdentity({ roles: ["admin"] });
    // A person made just now: at 15:00 UTC or later it is already tomorrow in Tokyo.
    const person = await newIdentity();
    await signInWithSecondFactorByApi(page, admin);
    const list = `/manage-users?email=${person.email}&match=exact`;
    // The column's label, which a narrow screen shows beside each cell.
    const created = page.getByRole("table", { name: "Users" }).locator('tbody td[data-label="Created"]');

    await page.goto(list);
    await waitForApp(page);
    const cookie = (await page.context().cookies()).find((each) => each.name === timeZoneCookieName);
    expect(cookie?.value, "the app tells the server the reader's zone").toBe("Asia/Tokyo");
    const createdAt = await page.evaluate(async (email) => {
      const answer = await fetch(`/api/users?email=${encodeURIComponent(email)}&match=exact`);
      return ((await answer.json()) as { items: { created_at: string }[] }).items[0].created_at;
    }, person.email);
    await expect(created).toHaveText(day(createdAt, "Asia/Tokyo"));

    const html = await (await page.request.get(list)).text();
    expect(html, "the server writes the day as it is in Tokyo").toContain(`>${day(createdAt, "Asia/Tokyo")}<`);
    await watchPage(page);
    await page.reload();
    await waitForApp(page);
    await expect(created).toHaveText(day(createdAt, "Asia/Tokyo"));
    expect(await moved(page), "no date rewritten, nothing moved").toEqual([]);
  });
});

test("on a first visit in UTC the server writes the dates as the browser does, and nothing moves", async ({ page }) => {
  const admin = await newIdentity({ roles: ["admin"] });
  const person = await newIdentity();
  await signInWithSecondFactorByApi(page, admin);
  await watchPage(page);
  await page.goto(`/manage-users?email=${person.email}&match=exact`);
  await waitForApp(page);
  await expect(page.getByRole("table", { name: "Users" }).locator("tbody tr")).toContainText(day(new Date().toISOString(), "UTC"));
  expect(await moved(page)).toEqual([]);
});
