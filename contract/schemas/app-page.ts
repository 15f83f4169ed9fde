// What the app page (routes/app-page.ts) puts into index.html for the app's
// start, as non-executable JSON: the answers its first requests would get.
// The SPA imports these types only.
import { Type, type Static } from "@sinclair/typebox";
import { ErrorBody } from "./error.js";
import { RuntimeConfig } from "./runtime-config.js";
import { SessionBody } from "./session.js";

/** The element of index.html that carries it. */
export const bootElementId = "portal-boot";
export type BootElementId = typeof bootElementId;

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
      kind: Type.Union([Type.Literal("login"), Type.Literal("registration"), Type.Literal("recovery")]),
      query: Type.Record(Type.String(), Type.String()),
      flow: Type.Unknown(),
    }),
  ),
});
export type BootData = Static<typeof BootData>;
