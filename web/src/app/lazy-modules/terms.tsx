// /terms, as the app composes it: who does not accept the terms may still
// take their data or delete the account, from this page, with the account
// feature's cards.
import { pageFacts } from "#contract/pages.js";
import { DeleteAccountCard, DownloadDataCard } from "../../features/account";
import { TermsPage } from "../../features/terms";

export default function TermsWithAlternatives() {
  return (
    <TermsPage
      alternatives={
        <>
          <DownloadDataCard returnTo={pageFacts.terms.path} />
          <DeleteAccountCard returnTo={pageFacts.terms.path} />
        </>
      }
    />
  );
}
