// What the app page (server/src/routes/app-page.ts) puts into index.html for
// the app's start, as non-executable JSON in the element named by
// contract/boot.ts: the answers its first requests would get. The app imports
// these types only.
import { Type, type Static } from "@sinclair/typebox";
import { startedFlowKinds } from "../flows.js";
import { ErrorBody } from "./error.js";
import { RuntimeConfig } from "./runtime-config.js";
import { SessionBody } from "./session.js";

export const BootData = Type.Object({
  config: RuntimeConfig,
  /** GET /api/session's answer for this page's cookies; absent when Kratos did not answer in time. */
  session: Type.Optional(Type.Object({ status: Type.Integer(), body: Type.Union([SessionBody, ErrorBody]) })),
  /**
   * On /login, /registration and /recovery without ?flow=: the flow Kratos
   * started for them, with the query it was started with.
   */
  flow: Type.Optional(
    Type.Object({
      kind: Type.Union(startedFlowKinds.map((kind) => Type.Literal(kind))),
      query: Type.Partial(
        Type.Object({ return_to: Type.String(), aal: Type.String(), refresh: Type.String(), login_challenge: Type.String() }),
      ),
      flow: Type.Unknown(),
    }),
  ),
});
export type BootData = Static<typeof BootData>;
