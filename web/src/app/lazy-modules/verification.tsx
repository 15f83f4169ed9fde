// /verification: out of the auth feature's index, which is in the entry bundle.
export { VerificationPage as default } from "../../features/auth/pages/verification-page";
