// A list of invitations as Manage Users reads it: a CSV with the header
// `email,name,language,roles` (papaparse reads quoted fields, drops a BOM, takes CRLF),
// each row checked here for its form before the server says which addresses
// already have an account; and the result as a CSV to download, written by the
// portal's one CSV writer (lib/csv.ts), which neutralises formulas. Papaparse
// is loaded only when a list is read or saved.
import { isEmailAddress } from "#contract/email-address.js";
import { isLanguage, type Language } from "#contract/languages.js";
import { grantableRoles } from "#contract/roles.js";
import { invitationListMax } from "#contract/invitation-list.js";
import type { InvitationBody } from "#contract/schemas/invitations.js";
import { csvFile } from "../../../lib/csv";

export const listColumns = ["email", "name", "language", "roles"] as const;

/** Why a row cannot be sent; the catalog words each (users.invitations.list.invalid.*). */
export type RowProblem = "columns" | "email" | "name" | "language" | "roles" | "duplicate";

export interface ListRow {
  /** The row's line in the file, the header being line 1. */
  line: number;
  email: string;
  name: string;
  /** As the file has it; empty means the admin's language. */
  language: string;
  roles: string[];
  /** The invitation it sends, or why it cannot. */
  invitation: InvitationBody | { problem: RowProblem };
}

/** A list that cannot be read as a whole. */
export type ListProblem = "empty" | "header" | "tooMany";

export type ParsedList = { rows: ListRow[] } | { problem: ListProblem };

/** The identity schema's bound on a name (config/kratos/identity.schema.json), as the invitation's request has it. */
const namePartMax = 100;

/** "Ada Lovelace" is first name "Ada", last name "Lovelace"; a name of one word is a first name. */
function nameParts(name: string): { first_name?: string; last_name?: string } {
  const space = name.indexOf(" ");
  const first = space === -1 ? name : name.slice(0, space);
  const last = space === -1 ? "" : name.slice(space + 1).trim();
  return { ...(first === "" ? {} : { first_name: first }), ...(last === "" ? {} : { last_name: last }) };
}

function rowOf(line: number, cells: string[], fallbackLanguage: Language, seen: Set<string>): ListRow {
  const [email = "", name = "", language = "", roleCell = ""] = cells.map((cell) => cell.trim());
  const roles = roleCell
    .split(";")
    .map((role) => role.trim())
    .filter((role) => role !== "");
  const row = { line, email, name, language, roles };
  const problem = ((): RowProblem | undefined => {
    if (cells.length !== listColumns.length) return "columns";
    if (!isEmailAddress(email)) return "email";
    const parts = nameParts(name);
    if ((parts.first_name?.length ?? 0) > namePartMax || (parts.last_name?.length ?? 0) > namePartMax) return "name";
    if (language !== "" && !isLanguage(language)) return "language";
    if (roles.some((role) => !(grantableRoles as readonly string[]).includes(role)) || new Set(roles).size !== roles.length) return "roles";
    if (seen.has(email.toLowerCase())) return "duplicate";
    return undefined;
  })();
  if (problem) return { ...row, invitation: { problem } };
  seen.add(email.toLowerCase());
  return {
    ...row,
    invitation: {
      email,
      ...nameParts(name),
      language: isLanguage(language) ? language : fallbackLanguage,
      roles: roles as InvitationBody["roles"],
      notify: false,
    },
  };
}

/** Reads the list's text; a row without an address to send is still listed, with its problem. */
export async function parseList(text: string, fallbackLanguage: Language): Promise<ParsedList> {
  const { default: Papa } = await import("papaparse");
  const parsed = Papa.parse<string[]>(text, { skipEmptyLines: "greedy" });
  if (parsed.data.length === 0) return { problem: "empty" };
  const [header, ...records] = parsed.data;
  if (header.map((cell) => cell.trim().toLowerCase()).join(",") !== listColumns.join(",")) return { problem: "header" };
  if (records.length === 0) return { problem: "empty" };
  if (records.length > invitationListMax) return { problem: "tooMany" };
  const seen = new Set<string>();
  return { rows: records.map((cells, index) => rowOf(index + 2, cells, fallbackLanguage, seen)) };
}

/** The result file: the list's columns, then what became of each row and why, in words. */
export function resultCsv(rows: readonly { row: ListRow; result: string; detail: string }[]): Promise<string> {
  return csvFile(
    ["line", ...listColumns, "result", "detail"],
    rows.map(({ row, result, detail }) => [String(row.line), row.email, row.name, row.language, row.roles.join(";"), result, detail]),
  );
}
