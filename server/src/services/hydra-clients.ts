// Hydra's OAuth2 clients (admin API). A client that does not exist and a
// client Hydra refuses are answers the portal expects: domain errors here.
import type { OAuth2Api, OAuth2Client } from "@ory/client";
import { ClientError, FieldErrors, type UpstreamError } from "../errors.js";
import { pageOf, type Page } from "./hydra-pages.js";
import { callUpstream } from "./upstream-call.js";

export interface HydraClients {
  page(pageSize: number, pageToken: string | undefined): Promise<Page<OAuth2Client>>;
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
  // Hydra's description is English for developers: it goes to the log (upstream-call.ts), not to the app.
  throw new FieldErrors([{ field: failure.id === "invalid_redirect_uri" ? "redirect_uris" : "client", code: "refused_by_hydra" }]);
};

export function hydraClients(api: OAuth2Api): HydraClients {
  return {
    page: (pageSize, pageToken) =>
      callUpstream("hydra", "listOAuth2Clients", async () => {
        const { data, headers } = await api.listOAuth2Clients({ pageSize, pageToken });
        return pageOf(data, pageSize, headers.link);
      }),
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
