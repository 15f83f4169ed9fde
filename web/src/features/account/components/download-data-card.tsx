// "Download my data" in Account Settings' "Your data and account": the account's data (GDPR articles 15 and
// 20) as a JSON file the browser saves. The server counts and records each download, and hands it over only
// to a recent sign-in, so that a session left open on a shared computer does not: an older one first goes
// through /login?refresh=true and comes back here (or to the page that shows the card elsewhere: `returnTo`).
import { useQueryClient } from "@tanstack/react-query";
import Alert from "react-bootstrap/Alert";
import Button from "react-bootstrap/Button";
import Spinner from "react-bootstrap/Spinner";
import { useText } from "../../../lib/i18n/text";
import { settingsPath } from "#contract/settings-sections.js";
import { SectionCard } from "../../../lib/components/cards";
import { errorMessage } from "../../../lib/error-message";
import { saveFile } from "../../../lib/save-file";
import { needsRecentSignIn, signInAgain } from "../../../lib/sign-in-again";
import { useHydrated } from "../../../lib/use-hydrated";
import { useExportAccount, type AccountExport } from "../api/export-account";
import { activityQueryOptions } from "../api/get-activity";

/** Hands the file to the browser to save, under a name that says what and when. */
function save(data: AccountExport): void {
  saveFile(JSON.stringify(data, null, 2), "application/json", `account-data-${data.exported_at.slice(0, 10)}.json`);
}

/** The card's anchor: the sign-in that confirms it is the person returns here. */
export const downloadDataAnchor = "download-data";

/** `returnTo`: the portal's path the card is on, where the sign-in that confirms it is the person comes back. */
export function DownloadDataCard({ returnTo = settingsPath("data") }: { returnTo?: string }) {
  const { t } = useText();
  const queryClient = useQueryClient();
  const download = useExportAccount();
  const hydrated = useHydrated();

  function start() {
    download.mutate(undefined, {
      onSuccess: (data) => {
        save(data);
        // The download is in the account's activity now.
        void queryClient.invalidateQueries({ queryKey: activityQueryOptions().queryKey });
      },
      onError: (error) => {
        if (needsRecentSignIn(error)) signInAgain(`${returnTo}#${downloadDataAnchor}`);
      },
    });
  }

  // Signing in again is under way: nothing to show.
  const failure = needsRecentSignIn(download.error) ? undefined : download.error;

  return (
    <div id={downloadDataAnchor}>
      <SectionCard title={t("account.export.title")} description={t("account.export.description")}>
        {failure && (
          <Alert variant="danger" className="py-2 small">
            {errorMessage(failure)}
          </Alert>
        )}
        <Button variant="outline-primary" onClick={start} disabled={!hydrated || download.isPending}>
          {download.isPending && <Spinner size="sm" className="me-2" aria-hidden="true" />}
          {t("account.export.download")}
        </Button>
      </SectionCard>
    </div>
  );
}
