// /error?id=…: an error Kratos could not show in a flow, in words, with a way back; /error?code=…: a request the
// portal refused before Kratos saw it (the /kratos proxy's return_to_not_allowed), in the code's words.
import { useQuery } from "@tanstack/react-query";
import Button from "react-bootstrap/Button";
import { useText } from "../../../lib/i18n/text";
import { useSearchParams } from "react-router-dom";
import { PublicCard } from "../../../lib/components/cards";
import { Loading } from "../../../lib/components/loading";
import { errorCodes } from "#contract/errors.js";
import { href } from "#contract/paths.js";
import { sentence } from "../../../lib/sentence";
import { flowErrorQueryOptions } from "../api/get-flow-error";

export function ErrorPage() {
  const { t } = useText();
  const [params] = useSearchParams();
  const id = params.get("id") ?? "";
  const code = errorCodes.find((known) => known === params.get("code"));
  // Without an id, or when Kratos no longer knows it, the page still says something and offers a way back.
  const { data: error, isLoading } = useQuery({ ...flowErrorQueryOptions(id), enabled: id !== "" });

  return (
    <PublicCard title={t("auth.error.title")}>
      {isLoading ? (
        <Loading />
      ) : (
        <>
          {code ? <p>{t(`errors.api.${code}`)}</p> : <p>{error?.message ? sentence(error.message) : t("auth.error.fallback")}</p>}
          {error?.reason && <p className="text-body-secondary small">{error.reason}</p>}
          {error?.code && (
            <p className="text-body-secondary small">
              {error.status
                ? t("auth.error.codeWithStatus", { code: error.code, status: error.status })
                : t("auth.error.code", { code: error.code })}
            </p>
          )}
        </>
      )}
      <div className="d-grid gap-2">
        <Button href={href("login")} variant="primary">
          {t("auth.error.backToSignIn")}
        </Button>
        <Button href={href("settings")} variant="outline-secondary">
          {t("common.goToAccount")}
        </Button>
      </div>
    </PublicCard>
  );
}
