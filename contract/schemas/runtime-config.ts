import { Type, type Static } from "@sinclair/typebox";

/** The SPA's runtime configuration (spec §7): GET /config.json, and the app page's start-up data. */
export const RuntimeConfig = Type.Object({ KRATOS_PUBLIC_URL: Type.String() });
export type RuntimeConfig = Static<typeof RuntimeConfig>;
