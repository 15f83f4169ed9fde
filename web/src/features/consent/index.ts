// The portal as Hydra's consent and logout UI. (Its login UI is the auth feature's /login.)
export { ConsentPage } from "./pages/consent-page";
export { OAuth2LogoutPage } from "./pages/oauth2-logout-page";
