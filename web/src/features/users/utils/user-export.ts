// Manage Users' list as a file: everyone the search finds, every page of it
// (Kratos' page tokens, the most accounts a page may hold), as CSV (the
// portal's one CSV writer, formulas neutralised) or JSON. Made in the
// browser from the pages /api/users answers, so nothing is held on the server.
import { maxUserPageSize } from "#contract/schemas/users.js";
import { csvFile } from "../../../lib/csv";
import { listUsers, type UserSearch } from "../api/list-users";
import type { User } from "../api/user-types";

export type ExportFormat = "csv" | "json";

/** The CSV's columns: the API's own names, so that a file reads the same in every language. */
export const exportColumns = ["id", "email", "name", "verified", "roles", "state", "second_factors", "providers", "created_at"] as const;

const cellsOf = (user: User): string[] => [
  user.id,
  user.email,
  user.name,
  String(user.verified),
  user.roles.join(" "),
  user.state,
  user.second_factors.join(" "),
  user.providers.join(" "),
  user.created_at ?? "",
];

/** Every account of the search, page after page; `progress` hears the count after each page. */
export async function everyUser(search: UserSearch, progress: (count: number) => void, signal?: AbortSignal): Promise<User[]> {
  const users: User[] = [];
  let token: string | undefined;
  do {
    const page = await listUsers(search, token, signal, maxUserPageSize);
    users.push(...page.items);
    progress(users.length);
    token = page.next_page_token ?? undefined;
  } while (token);
  return users;
}

export async function exportFile(users: readonly User[], format: ExportFormat, now = new Date()) {
  const day = now.toISOString().slice(0, 10);
  return format === "csv"
    ? { content: await csvFile(exportColumns, users.map(cellsOf)), type: "text/csv;charset=utf-8", name: `users-${day}.csv` }
    : {
        content: JSON.stringify({ exported_at: now.toISOString(), users }, null, 2),
        type: "application/json",
        name: `users-${day}.json`,
      };
}
