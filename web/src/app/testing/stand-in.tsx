// Pages the shell test puts in place of the features: a heading, and where the router is.
import { useLocation } from "react-router-dom";
import { useCurrentSession } from "../../lib/current-session";

export function StandIn({ title }: { title: string }) {
  const location = useLocation();
  return (
    <>
      <h1>{title}</h1>
      <p data-testid="location">{`${location.pathname}${location.search}`}</p>
    </>
  );
}

/** Account Settings: a page that changes the identity and refreshes the session. */
export function SettingsStandIn() {
  const { refresh } = useCurrentSession();
  return (
    <>
      <StandIn title="Your settings" />
      <button onClick={() => void refresh()}>Save name</button>
    </>
  );
}
