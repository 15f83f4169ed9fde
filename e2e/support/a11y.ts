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
