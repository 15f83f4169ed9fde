import { Type, type Static } from "@sinclair/typebox";

/** The app's runtime configuration: GET /config.json, and the app page's start-up data. Where the browser reaches Kratos' public API (the portal's /kratos). */
export const RuntimeConfig = Type.Object({ KRATOS_PUBLIC_URL: Type.String() });
export type RuntimeConfig = Static<typeof RuntimeConfig>;
