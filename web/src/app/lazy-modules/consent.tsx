// Hydra's consent page: out of the consent feature's index, which the entry's
// logout page imports.
export { ConsentPage as default } from "../../features/consent/pages/consent-page";
