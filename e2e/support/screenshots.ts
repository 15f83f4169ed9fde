// Saves a full-page screenshot into e2e/screenshots (git-ignored), so anyone
// can look at every page without running the stack.
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import type { Page } from "@playwright/test";

const folder = fileURLToPath(new URL("../screenshots", import.meta.url));

export async function saveScreenshot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: join(folder, `${name}.png`), fullPage: true });
}
