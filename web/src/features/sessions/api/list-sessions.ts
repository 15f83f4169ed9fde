// GET /sessions/whoami and GET /sessions (Kratos' public API, through the SDK): the session of this
// browser and the user's others, through the Kratos SDK.
import type { Session } from "@ory/client-fetch";
import { queryOptions } from "@tanstack/react-query";
import { kratos } from "../../../lib/kratos/client";

export interface MySessions {
  current: Session;
  /** The other sessions, never this one. */
  others: Session[];
}

export async function listSessions(): Promise<MySessions> {
  const [current, all] = await Promise.all([kratos().toSession(), kratos().listMySessions()]);
  return { current, others: all.filter((session) => session.id !== current.id) };
}

export const sessionsQueryOptions = () => queryOptions({ queryKey: ["kratos", "sessions"], queryFn: listSessions });
