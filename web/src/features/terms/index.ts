// The page that asks a signed-in person to accept a new version of the terms of service.
export { TermsPage } from "./pages/terms-page";
