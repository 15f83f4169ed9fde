// What the app page (server/src/routes/app-page.ts) puts into index.html for
// the app's start, as non-executable JSON in the element named by
// contract/boot.ts: the answers its first requests would get. The app imports
// these types only.
import { Type, type Static, type TString } from "@sinclair/typebox";
import { flowKinds, flowQueryNames, type FlowQueryName } from "../flows.js";
import { explicitThemes } from "../theme.js";
import { languages } from "../languages.js";
import { ErrorBody } from "./error.js";
import { RuntimeConfig } from "./runtime-config.js";
import { SessionBody } from "./session.js";

/** The flow query (contract/flows.ts), each name a string. */
const flowQuerySchema = Object.fromEntries(flowQueryNames.map((name) => [name, Type.String()])) as Record<FlowQueryName, TString>;

export const BootData = Type.Object({
  config: RuntimeConfig,
  /** The language the server chose for the page (server/src/language.ts: pageLanguage), which the app starts in; also <html lang>. */
  language: Type.Union(languages.map((language) => Type.Literal(language))),
  /** GET /api/session's answer for this page's cookies; absent when Kratos did not answer in time. */
  session: Type.Optional(Type.Object({ status: Type.Integer(), body: Type.Union([SessionBody, ErrorBody]) })),
  /** The reader's explicit theme (contract/theme.ts), which <html> carries too; absent: as the system. */
  theme: Type.Optional(Type.Union(explicitThemes.map((theme) => Type.Literal(theme)))),
  /** The reader folded the side menu (the cookie of contract/menu.ts); absent: expanded. */
  menuCollapsed: Type.Optional(Type.Literal(true)),
  /** The reader's time zone (the cookie of contract/time-zone.ts), in which the server writes dates; absent: UTC. */
  timeZone: Type.Optional(Type.String()),
  /**
   * The dates the server's render wrote, by what they are and when (web/src/lib/format.ts): the app's first render
   * writes them alike, which hydration requires, whatever the browser's own Intl would make of them.
   */
  dates: Type.Optional(Type.Record(Type.String(), Type.String())),
  /**
   * On /login, /registration, /recovery, /verification and (signed in) /settings: the flow named by ?flow= (its
   * `id`), or without it the flow Kratos started for them, with the query it was started with.
   */
  flow: Type.Optional(
    Type.Object({
      kind: Type.Union(flowKinds.map((kind) => Type.Literal(kind))),
      id: Type.Optional(Type.String()),
      query: Type.Partial(Type.Object(flowQuerySchema)),
      flow: Type.Unknown(),
    }),
  ),
  /**
   * The files of the code this page loads beyond the app (its pages' chunks, its language's catalogs), which the
   * page's own script (web/src/boot.ts) fetches beside the app once the page has painted; absent: none.
   */
  modules: Type.Optional(Type.Array(Type.String())),
  /**
   * On Hydra's consent and logout pages and on Manage Clients: the 200 answers of the GET /api requests the
   * page's first render makes (contract/pages.ts: pageApiReads), by their URL.
   */
  answers: Type.Optional(Type.Record(Type.String(), Type.Unknown())),
  /**
   * When the server rendered the page (a public page, or a signed-in one that says so): React Router's state after that render, which the
   * browser's router starts from instead of React Router's own inline script (the CSP allows none).
   */
  hydration: Type.Optional(
    Type.Object({
      loaderData: Type.Record(Type.String(), Type.Unknown()),
      actionData: Type.Union([Type.Record(Type.String(), Type.Unknown()), Type.Null()]),
      errors: Type.Union([Type.Record(Type.String(), Type.Unknown()), Type.Null()]),
    }),
  ),
});
export type BootData = Static<typeof BootData>;

/**
 * The app's server entry (web/src/entry-server.tsx, built into `$WEB_ROOT/ssr/`): the page's markup for the
 * `#root` element, rendered with the same components as in the browser, and the router's state to hydrate
 * it; undefined for a page the server does not render (the signed-in pages that do not say so: the browser renders them).
 */
export interface ServerRender {
  render(
    url: string,
    origin: string,
    boot: BootData,
  ): Promise<
    | {
        html: string;
        hydration: NonNullable<BootData["hydration"]>;
        /** The dates the render wrote (BootData's `dates`); absent: none. */
        dates?: NonNullable<BootData["dates"]>;
        /** The document's title, as the app sets it. */
        title?: string;
      }
    | undefined
  >;
  /** The source files (keys of Vite's manifest) of the code a page of this path, in this language, loads on demand. */
  preloadSources(path: string, language: BootData["language"]): readonly string[];
  /** The name (in Vite's manifest) of the file that holds a language's catalogs, which a page in it loads. */
  languageChunk(language: BootData["language"]): string;
}
