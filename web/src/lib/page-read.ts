// A GET /api read that the server answers in advance for its page
// (contract/boot.ts' apiReads, put into the page and read by the server's
// render too): the query's first data is that answer, taken once, so that
// the browser's first render is the server's.
import { queryOptions, type QueryKey } from "@tanstack/react-query";
import { takeBootAnswer } from "./boot-data";

/**
 * The page's own answer is as fresh as a request now would be, so it is not asked for again on mount; once the
 * query has been answered again (a change invalidated it), it is read again whenever it is shown.
 */
export const freshWhilePageAnswer = (query: { state: { dataUpdateCount: number } }) => (query.state.dataUpdateCount === 0 ? Infinity : 0);

/** The query options of the read at `url` (an apiReads URL), which `read` makes when the page did not bring it. */
export const pageReadQueryOptions = <T, Key extends QueryKey>(queryKey: Key, url: string, read: (signal: AbortSignal) => Promise<T>) =>
  queryOptions({
    queryKey,
    queryFn: ({ signal }) => read(signal),
    initialData: () => takeBootAnswer(url) as T | undefined,
    staleTime: freshWhilePageAnswer,
  });
