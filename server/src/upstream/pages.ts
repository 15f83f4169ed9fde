// Hydra's lists page with a Link header (rel="next" carries a page_token).

export interface Page<T> {
  items: T[];
  /** Undefined on the last page. */
  nextPageToken?: string;
}

function nextPageToken(link: unknown): string | undefined {
  for (const part of (typeof link === "string" ? link : "").split(",")) {
    const match = /<([^>]*)>\s*;\s*rel="?next"?/.exec(part);
    if (match) return new URL(match[1], "http://hydra.invalid").searchParams.get("page_token") ?? undefined;
  }
  return undefined;
}

/** One page of an upstream list: its items, and the token of the next page if there is one. */
export function listPage<T>(items: T[], pageSize: number, link: unknown): Page<T> {
  // Hydra links a next page even after the last one; that page is empty.
  return { items, nextPageToken: items.length < pageSize ? undefined : nextPageToken(link) };
}
