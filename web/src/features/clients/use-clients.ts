// The list of clients the page shows: the first page for a search, then
// more pages on demand. A newer load drops the answer of an older one.
import { useCallback, useEffect, useRef, useState } from "react";
import { ApiError } from "../../lib/api";
import type { Client } from "./client-types";
import { listClients } from "./list-clients";

export interface ClientsState {
  items: Client[];
  /** The search the items answer (part of a name, any case). */
  search: string;
  nextPageToken: string | null;
  loading: boolean;
  loadingMore: boolean;
  failure: ApiError | undefined;
}

const initial: ClientsState = { items: [], search: "", nextPageToken: null, loading: true, loadingMore: false, failure: undefined };

export function useClients() {
  const [state, setState] = useState(initial);
  const latest = useRef<AbortController | null>(null);
  const searchRef = useRef("");

  const fetchPage = useCallback(async (search: string, pageToken: string | undefined) => {
    latest.current?.abort();
    const controller = new AbortController();
    latest.current = controller;
    setState((current) => ({ ...current, search, loading: pageToken === undefined, loadingMore: pageToken !== undefined }));
    try {
      const page = await listClients({ search, pageToken }, controller.signal);
      if (controller.signal.aborted) return;
      setState((current) => ({
        ...current,
        items: pageToken === undefined ? page.items : [...current.items, ...page.items],
        nextPageToken: page.next_page_token,
        loading: false,
        loadingMore: false,
        failure: undefined,
      }));
    } catch (error) {
      if (controller.signal.aborted) return;
      const failure = error instanceof ApiError ? error : new ApiError(0, "The clients could not be loaded.");
      setState((current) => ({ ...current, loading: false, loadingMore: false, failure }));
    }
  }, []);

  /** The first page of clients whose name contains `search` ("" for all). */
  const load = useCallback(
    (search: string) => {
      searchRef.current = search.trim();
      return fetchPage(searchRef.current, undefined);
    },
    [fetchPage],
  );

  /** The first page again for the current search, e.g. after a change. */
  const reload = useCallback(() => fetchPage(searchRef.current, undefined), [fetchPage]);

  const loadMore = useCallback(() => {
    if (state.nextPageToken) void fetchPage(searchRef.current, state.nextPageToken);
  }, [fetchPage, state.nextPageToken]);

  useEffect(() => {
    void load("");
    return () => latest.current?.abort();
  }, [load]);

  return { ...state, load, reload, loadMore };
}
