// The start-up data that the app page puts into its HTML (contract/schemas/app-page.ts), read from the page's source.
import { bootElementId } from "#contract/boot.js";
import type { BootData } from "#contract/schemas/app-page.js";

export function bootDataOf(html: string): Partial<BootData> {
  const json = new RegExp(`<script type="application/json" id="${bootElementId}">(.*?)</script>`, "s").exec(html)?.[1];
  if (json === undefined) throw new Error("the page has no start-up data");
  return JSON.parse(json) as Partial<BootData>;
}
