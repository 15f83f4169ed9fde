// /error?id=…: an error Kratos could not show in a flow, in words, with a way back.
import { useEffect, useState } from "react";
import Button from "react-bootstrap/Button";
import { useSearchParams } from "react-router-dom";
import { kratos } from "../../../lib/kratos/client";
import { errorBodyOf, type KratosGenericError } from "../../../lib/kratos/errors";
import { href } from "../../../lib/paths";
import { Loading, PublicCard } from "../layout";

type State = { kind: "loading" } | { kind: "shown"; error: KratosGenericError | undefined };

export function ErrorPage() {
  const [params] = useSearchParams();
  const id = params.get("id");
  const [state, setState] = useState<State>(id ? { kind: "loading" } : { kind: "shown", error: undefined });

  useEffect(() => {
    if (!id) return;
    let active = true;
    kratos()
      .getFlowError({ id })
      .then(
        ({ data }) => active && setState({ kind: "shown", error: errorBodyOf({ error: data.error })?.error }),
        () => active && setState({ kind: "shown", error: undefined }),
      );
    return () => {
      active = false;
    };
  }, [id]);

  return (
    <PublicCard title="Something went wrong">
      {state.kind === "loading" ? (
        <Loading />
      ) : (
        <>
          <p>{state.error?.message ? sentence(state.error.message) : "The request could not be completed."}</p>
          {state.error?.reason && <p className="text-body-secondary small">{state.error.reason}</p>}
          {state.error?.code && (
            <p className="text-body-secondary small">
              Error {state.error.code}
              {state.error.status ? ` (${state.error.status})` : ""}
            </p>
          )}
        </>
      )}
      <div className="d-grid gap-2">
        <Button href={href("login")} variant="primary">
          Back to sign in
        </Button>
        <Button href={href("settings")} variant="outline-secondary">
          Go to your account
        </Button>
      </div>
    </PublicCard>
  );
}

function sentence(text: string): string {
  const capitalised = text.charAt(0).toUpperCase() + text.slice(1);
  return /[.!?]$/.test(capitalised) ? capitalised : `${capitalised}.`;
}
