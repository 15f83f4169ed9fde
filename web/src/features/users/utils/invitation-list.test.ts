import { describe, expect, it } from "vitest";
import { parseList, resultCsv, type ListRow } from "./invitation-list";

const rowsOf = async (text: string) => {
  const parsed = await parseList(text, "fr");
  if (!("rows" in parsed)) throw new Error(`the list was refused: ${parsed.problem}`);
  return parsed.rows;
};

describe("reading a list of invitations", () => {
  it("reads quoted fields, a BOM and CRLF, and splits the name and the roles", async () => {
    const rows = await rowsOf(
      '\uFEFFemail,name,language,roles\r\nada@example.org,"Ada Lovelace, Countess",de,admin\r\n"bob@example.org",Bob,,\r\n',
    );
    expect(rows.map((row) => row.invitation)).toEqual([
      { email: "ada@example.org", first_name: "Ada", last_name: "Lovelace, Countess", language: "de", roles: ["admin"], notify: false },
      { email: "bob@example.org", first_name: "Bob", language: "fr", roles: [], notify: false },
    ]);
    expect(rows.map((row) => row.line)).toEqual([2, 3]);
  });

  it("says what is wrong with each bad row, and keeps the good ones", async () => {
    const rows = await rowsOf(
      [
        "Email,Name,Language,Roles",
        "not-an-address,A,en,",
        "c@example.org,C,xx,",
        "d@example.org,D,en,owner",
        "e@example.org,E,en",
        `f@example.org,${"F".repeat(101)},en,`,
        "g@example.org,G,en,admin",
        "G@example.org,G again,en,",
      ].join("\n"),
    );
    expect(rows.map((row) => ("problem" in row.invitation ? row.invitation.problem : "ok"))).toEqual([
      "email",
      "language",
      "roles",
      "columns",
      "name",
      "ok",
      "duplicate",
    ]);
  });

  it("takes an address as Kratos does: 64 bytes before the @, labels of 63 characters, 254 bytes in all, ASCII domains", async () => {
    const domainOf = (last: number) => `${"d".repeat(63)}.${"d".repeat(63)}.${"d".repeat(last)}`;
    const addresses = [
      [`${"a".repeat(64)}@example.org`, "ok"],
      [`${"a".repeat(65)}@example.org`, "email"],
      [`${"é".repeat(32)}@example.org`, "ok"],
      [`${"é".repeat(33)}@example.org`, "email"],
      [`ada@${"d".repeat(63)}.example`, "ok"],
      [`ada@${"d".repeat(64)}.example`, "email"],
      [`${"a".repeat(64)}@${domainOf(61)}`, "ok"],
      [`${"a".repeat(64)}@${domainOf(62)}`, "email"],
      ["ada@xn--bcher-kva.example", "ok"],
      ["ada@bücher.example", "email"],
      ['"ada lovelace"@example.org', "ok"],
      ["ada..lovelace@example.org", "email"],
      ["ada@example-.org", "email"],
    ] as const;
    const rows = await rowsOf(
      ["email,name,language,roles", ...addresses.map(([address]) => `"${address.replaceAll('"', '""')}",,,`)].join("\n"),
    );
    expect(rows.map((row) => [row.email, "problem" in row.invitation ? row.invitation.problem : "ok"])).toEqual(addresses);
  });

  it("refuses a list without the header, without rows or with more than 500 rows", async () => {
    expect(await parseList("ada@example.org,Ada,en,\n", "en")).toEqual({ problem: "header" });
    expect(await parseList("email,name,language,roles\r\n\r\n", "en")).toEqual({ problem: "empty" });
    const many = ["email,name,language,roles", ...Array.from({ length: 501 }, (_, i) => `p${i}@example.org,,,`)].join("\n");
    expect(await parseList(many, "en")).toEqual({ problem: "tooMany" });
    expect(await rowsOf(many.split("\n").slice(0, 501).join("\n"))).toHaveLength(500);
  });
});

describe("the result file", () => {
  it("is written by the portal's CSV writer: every cell quoted, and no cell or line in one that a spreadsheet would run", async () => {
    const row = (email: string, name: string, language: string, roles: string[]): ListRow => ({
      line: 2,
      email,
      name,
      language,
      roles,
      invitation: { problem: "email" },
    });
    const csv = await resultCsv([
      { row: row('=HYPERLINK("http://evil")', '=HYPERLINK(\n"http://evil")', "=1+1 x", ["-1+1 x"]), result: "invalid", detail: "-2" },
      { row: row("ada@example.org", "@Ada, L", "en", []), result: "invited", detail: "" },
    ]);
    expect(csv.split("\r\n")).toEqual([
      '"line","email","name","language","roles","result","detail"',
      `"2","'=HYPERLINK(""http://evil"")","'=HYPERLINK(\n""http://evil"")","'=1+1 x","'-1+1 x","invalid","'-2"`,
      `"2","ada@example.org","'@Ada, L","en","","invited",""`,
    ]);
  });
});
