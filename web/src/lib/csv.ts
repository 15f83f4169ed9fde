// The one writer of the files the portal makes for a spreadsheet (CSV). A
// spreadsheet runs a cell that begins with =, +, - or @ as a formula (and
// reads a leading tab or carriage return past), which a name typed by anyone
// can abuse (OWASP, CSV injection). Every cell that begins so, and every line
// inside a cell that begins so (an importer that splits a cell at its line
// breaks reads each line as a cell), gets a single quote before it, which
// spreadsheets read as "text". Papaparse's own escapeFormulae is not used: it
// tests `^[=+\-@\t\r].*$` without the s flag, so a cell with a line break
// after the formula is left as it is. Every cell is quoted, so that no comma,
// semicolon or line break in one starts another. Papaparse is loaded only
// when a file is written.

/** What begins a formula, or is read past to find one. */
const formulaStart = /^[=+\-@\t\r]/;

/** The cell with a single quote before each of its lines that a spreadsheet would run, and before the cell. */
export function neutralised(cell: string): string {
  const lines = cell
    .split(/(\r\n|\r|\n)/)
    .map((part, index) => (index % 2 === 0 && formulaStart.test(part) ? `'${part}` : part))
    .join("");
  // A cell that begins with a line break (its first line empty) begins with a carriage return perhaps.
  return formulaStart.test(lines) ? `'${lines}` : lines;
}

/** A CSV file (CRLF, every cell quoted and neutralised) of the header and the rows. */
export async function csvFile(header: readonly string[], rows: readonly (readonly string[])[]): Promise<string> {
  const { default: Papa } = await import("papaparse");
  return Papa.unparse(
    { fields: header.map(neutralised), data: rows.map((row) => row.map(neutralised)) },
    { quotes: true, escapeFormulae: false, newline: "\r\n" },
  );
}
