// GET /api/undo?token=…: what a security mail's undo link would revert.
// Reading it changes nothing: mail scanners fetch links. The page's first
// answer comes with the page.
import { queryOptions } from "@tanstack/react-query";
import { apiReads } from "#contract/boot.js";
import type { UndoView } from "#contract/schemas/undo.js";
import { apiRequest } from "../../../lib/api-client";
import { takeBootAnswer } from "../../../lib/boot-data";

export function getUndo(token: string, signal?: AbortSignal) {
  return apiRequest<UndoView>(apiReads.undo(token), { signal });
}

export const undoQueryOptions = (token: string) =>
  queryOptions({
    queryKey: ["api", "undo", token],
    queryFn: ({ signal }) => getUndo(token, signal),
    initialData: () => takeBootAnswer(apiReads.undo(token)) as UndoView | undefined,
    staleTime: Infinity,
    gcTime: 0,
  });
