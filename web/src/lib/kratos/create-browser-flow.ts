// GET /self-service/<kind>/browser as an XHR: Kratos answers with the new flow
// as JSON and sets its anti-CSRF cookie, so the page stays loaded. Kratos'
// refusals (session_already_available, session_aal2_required, …) reject like
// any other flow call and go through handleFlowError.
import { browserFlowParameters, type FlowKind, type FlowQuery } from "#contract/flows.js";
import { withQuery } from "#contract/paths.js";
import { kratos, kratosBasePath } from "./client";
import { isFlow } from "./errors";
import type { FlowOf } from "./flow-kinds";

export type CreatedFlow<K extends FlowKind> =
  | { kind: "flow"; flow: FlowOf<K> }
  /** Only a page load can go on from here; the browser goes to Kratos, which redirects it. */
  | { kind: "redirect"; url: string };

const creators: { [K in FlowKind]: (query: FlowQuery) => Promise<unknown> } = {
  // The raw answer: Kratos may answer 200 with no body (below), which the SDK's JSON reading would refuse.
  login: async (query) => {
    const answer = await kratos().createBrowserLoginFlowRaw(browserFlowParameters(query));
    const text = await answer.raw.text();
    return text === "" ? undefined : (JSON.parse(text) as unknown);
  },
  registration: (query) => kratos().createBrowserRegistrationFlow(browserFlowParameters(query)),
  recovery: (query) => kratos().createBrowserRecoveryFlow(browserFlowParameters(query)),
  verification: (query) => kratos().createBrowserVerificationFlow(browserFlowParameters(query)),
  settings: (query) => kratos().createBrowserSettingsFlow(browserFlowParameters(query)),
};

export async function createBrowserFlow<K extends FlowKind>(kind: K, query: FlowQuery = {}): Promise<CreatedFlow<K>> {
  const answer = await creators[kind](query);
  if (isFlow(answer)) return { kind: "flow", flow: answer as FlowOf<K> };
  // Kratos 1.3.1 answers a login challenge that Hydra lets it skip (an existing
  // session) with 200 and no body as JSON; the redirect to Hydra is only sent to a browser.
  return { kind: "redirect", url: withQuery(`${kratosBasePath()}/self-service/${kind}/browser`, { ...query }) };
}
