// axe on the current page: serious and critical violations fail the test.
import { AxeBuilder } from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";

export async function expectAccessible(page: Page): Promise<void> {
  // axe reads colours as they are at that instant: a button fading into its hover
  // colours under a pointer that a page change left over it is not what anyone reads.
  // Bootstrap drops its transitions for reduced motion; an injected <style> would break the CSP.
  await page.emulateMedia({ reducedMotion: "reduce" });
  const { violations } = await new AxeBuilder({ page }).analyze();
  await page.emulateMedia({ reducedMotion: null });
  const blocking = violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .map((violation) => `${violation.id}: ${violation.help} (${violation.nodes.map((node) => node.target.join(" ")).join(", ")})`);
  expect(blocking, "serious or critical accessibility violations").toEqual([]);
}

/** The rules of WCAG 2.0, 2.1 and 2.2, levels A and AA: what the conformance report (docs/accessibility.md) claims. */
export const wcagTags = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22a", "wcag22aa"];

/** axe with the WCAG A and AA rules alone on the current page (or the part `include` selects): any violation, of any impact, fails. */
export async function expectAccessibleWcag(page: Page, what: string, include?: string): Promise<void> {
  await page.emulateMedia({ reducedMotion: "reduce" });
  const axe = new AxeBuilder({ page }).withTags(wcagTags);
  const { violations } = await (include ? axe.include(include) : axe).analyze();
  await page.emulateMedia({ reducedMotion: null });
  const found = violations.map(
    (violation) => `${violation.id}: ${violation.help} (${violation.nodes.map((node) => node.target.join(" ")).join(", ")})`,
  );
  expect(found, `WCAG A and AA violations: ${what}`).toEqual([]);
}
