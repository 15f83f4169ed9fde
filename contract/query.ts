// The one way a URL with a query is built, for the routes of the app and of /api alike.

export type Query = Readonly<Record<string, string | number | undefined>>;

/** `path` with the query's values that are neither undefined nor empty. */
export function withQuery(path: string, query: Query = {}): string {
  const pairs = Object.entries(query).flatMap(([key, value]) =>
    value === undefined || value === "" ? [] : [`${encodeURIComponent(key)}=${encodeURIComponent(String(value))}`],
  );
  return pairs.length > 0 ? `${path}?${pairs.join("&")}` : path;
}
