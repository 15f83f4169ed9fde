// GET /self-service/settings/browser as an XHR. Used where the flow must be
// shown on a page other than the settings UI URL: navigating there would make
// Kratos redirect to /settings, the one settings page it knows.
import type { SettingsFlow } from "@ory/client";
import { kratos } from "./client";

export async function createSettingsFlow(returnTo?: string): Promise<SettingsFlow> {
  return (await kratos().createBrowserSettingsFlow({ returnTo })).data;
}
