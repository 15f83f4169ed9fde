// Hydra's OAuth2 clients (admin API). A client that does not exist and a
// client Hydra refuses are answers the portal expects: domain errors here.
import type { OAuth2Api, OAuth2Client } from "@ory/client";
import { ClientError, FieldErrors, type UpstreamError } from "../errors.js";
import { listPage, type Page } from "../upstream/pages.js";
import { callUpstream } from "../upstream/call.js";

export interface HydraClients {
  /**
   * A page of clients; with `search`, those whose name contains it in any case.
   * Hydra filters by exact client_name only, so a search pages through Hydra
   * here, up to a bound, and hands back the token to go on from.
   */
  page(pageSize: number, pageToken: string | undefined, search?: string): Promise<Page<OAuth2Client>>;
  get(id: string): Promise<OAuth2Client>;
  /** Hydra generates the secret and returns it in this answer only. */
  create(client: OAuth2Client): Promise<OAuth2Client>;
  /** Hydra's PUT: the whole client; without client_secret Hydra keeps the stored one (client/handler.go, updateClient). */
  replace(id: string, client: OAuth2Client): Promise<OAuth2Client>;
  /** Hydra stores only the secret's hash: the old one stops working at once. */
  setSecret(id: string, secret: string): Promise<void>;
  remove(id: string): Promise<void>;
}

const noSuchClient = () => {
  throw new ClientError(404, "client_not_found");
};

/** A rule of Hydra's own validator (client/validator.go) that the portal's checks did not catch, at the field it names. */
const refused = ({ failure }: UpstreamError) => {
  // Hydra's description is English for developers: it goes to the log (upstream/call.ts), not to the app.
  throw new FieldErrors([{ field: failure.id === "invalid_redirect_uri" ? "redirect_uris" : "client", code: "refused_by_hydra" }]);
};

/** Hydra's own page size when it filters nothing: search scans pages this big. */
const searchPageSize = 200;
/** A search stops after this many of Hydra's pages and hands back a token to go on. */
const searchPageLimit = 25;

export function hydraClients(api: OAuth2Api): HydraClients {
  const hydraPage = (pageSize: number, pageToken: string | undefined) =>
    callUpstream("hydra", "listOAuth2Clients", async () => {
      const { data, headers } = await api.listOAuth2Clients({ pageSize, pageToken });
      return listPage(data, pageSize, headers.link);
    });

  return {
    async page(pageSize, pageToken, search) {
      const needle = search?.trim().toLowerCase();
      if (!needle) return hydraPage(pageSize, pageToken);
      const items: OAuth2Client[] = [];
      let token = pageToken;
      for (let pages = 1; ; pages++) {
        const page = await hydraPage(Math.max(pageSize, searchPageSize), token);
        items.push(...page.items.filter((client) => (client.client_name ?? "").toLowerCase().includes(needle)));
        token = page.nextPageToken;
        if (!token || items.length >= pageSize || pages >= searchPageLimit) return { items, nextPageToken: token };
      }
    },
    get: (id) => callUpstream("hydra", "getOAuth2Client", async () => (await api.getOAuth2Client({ id })).data, { 404: noSuchClient }),
    create: (client) =>
      callUpstream("hydra", "createOAuth2Client", async () => (await api.createOAuth2Client({ oAuth2Client: client })).data, {
        400: refused,
      }),
    replace: (id, client) =>
      callUpstream("hydra", "setOAuth2Client", async () => (await api.setOAuth2Client({ id, oAuth2Client: client })).data, {
        400: refused,
        404: noSuchClient,
      }),
    setSecret: (id, secret) =>
      callUpstream(
        "hydra",
        "patchOAuth2Client",
        async () => {
          await api.patchOAuth2Client({ id, jsonPatch: [{ op: "replace", path: "/client_secret", value: secret }] });
        },
        { 404: noSuchClient },
      ),
    remove: (id) =>
      callUpstream(
        "hydra",
        "deleteOAuth2Client",
        async () => {
          await api.deleteOAuth2Client({ id });
        },
        { 404: noSuchClient },
      ),
  };
}
