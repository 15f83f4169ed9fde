// GET /self-service/errors?id=…: an error Kratos could not show in a flow.
import { queryOptions } from "@tanstack/react-query";
import { kratos } from "../../../lib/kratos/client";
import { errorBodyOf, type KratosGenericError } from "../../../lib/kratos/errors";

export async function getFlowError(id: string): Promise<KratosGenericError | null> {
  const data = await kratos().getFlowError({ id });
  return errorBodyOf({ error: data.error })?.error ?? null;
}

export const flowErrorQueryOptions = (id: string) =>
  queryOptions({ queryKey: ["kratos", "flow-error", id], queryFn: () => getFlowError(id), staleTime: Infinity });
