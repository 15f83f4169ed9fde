// GET /self-service/logout/browser: the URL that ends the session when the browser follows it.
import { kratos } from "./client";

export async function createLogoutUrl(returnTo?: string): Promise<string> {
  return (await kratos().createBrowserLogoutFlow({ returnTo })).data.logout_url;
}
