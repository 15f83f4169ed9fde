// GET /self-service/logout/browser: the URL that ends the session when the browser follows it.
import { safeRedirect } from "../redirect";
import { kratos } from "./client";

export async function createLogoutUrl(returnTo?: string): Promise<string> {
  const { logout_url: logoutUrl } = await kratos().createBrowserLogoutFlow({ returnTo });
  // Kratos is reached through the portal's /kratos, so its logout URL is the portal's own.
  const url = safeRedirect(logoutUrl);
  if (!url) throw new Error("Kratos answered a logout URL outside the portal");
  return url;
}
