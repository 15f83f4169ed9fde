// The portal as Hydra's consent and logout UI. (Its login UI is the auth feature's /login.)
// The consent page is not here: the router loads it on demand from its own module, out of the entry bundle.
export { OAuth2LogoutPage } from "./pages/oauth2-logout-page";
