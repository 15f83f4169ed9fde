import type { Client } from "../api/client-types";

/** How the page names a client: its name, or its id when it has none. */
export const nameOf = (client: Pick<Client, "client_name" | "client_id">) => client.client_name || client.client_id;
