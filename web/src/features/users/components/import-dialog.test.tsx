// Importing over a stubbed /api/users/import whose second batch gets no
// answer (Kratos down: the portal's 503): the import stops there, says so,
// sends nothing after it, and the result file still has every row, each with
// what became of it, and no hash.
import { cleanup, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { importBatchMax } from "#contract/user-import.js";
import { renderPage, sessionBody } from "../../../lib/testing/render-page";
import { ImportDialog } from "./import-dialog";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/** A Blob's text through FileReader: jsdom's Blob has no text(). */
const textOf = (blob: Blob) =>
  new Promise<string>((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as string);
    reader.readAsText(blob);
  });

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

describe("ImportDialog", () => {
  it("stops at a batch that gets no answer and keeps every row's outcome in the result file", { timeout: 120_000 }, async () => {
    const user = userEvent.setup();
    const total = 2 * importBatchMax + 200;
    const address = (index: number) => `p${index}@example.org`;
    const hash = "$2b$04$abcdefghijklmnopqrstuuJ0bTz6hWmHzV2x3b7gk2pFQqk7iJQzS";
    const csv = [
      "email,first_name,last_name,verified,roles,password_hash",
      ...Array.from({ length: total }, (_, index) => `${address(index)},P,Q,yes,,${hash}`),
    ].join("\r\n");
    const imports: number[] = [];
    vi.stubGlobal(
      "fetch",
      vi.fn((_input: string, init?: RequestInit) => {
        const body = JSON.parse(init?.body as string) as { dry_run: boolean; people: { email: string }[] };
        if (body.dry_run) return Promise.resolve(json(200, { rows: body.people.map(({ email }) => ({ email, outcome: "will_import" })) }));
        imports.push(body.people.length);
        return Promise.resolve(
          imports.length === 1
            ? json(200, { rows: body.people.map(({ email }) => ({ email, outcome: "imported" })) })
            : json(503, { code: "kratos_unavailable" }),
        );
      }),
    );
    let saved = new Blob([]);
    vi.spyOn(URL, "createObjectURL").mockImplementation((blob) => {
      saved = blob as Blob;
      return "blob:result";
    });
    vi.spyOn(URL, "revokeObjectURL").mockImplementation(() => {});
    vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(() => {});

    renderPage(<ImportDialog show onClose={() => {}} />, { session: sessionBody({ roles: ["admin"], aal: "aal2" }) });
    const dialog = screen.getByRole("dialog", { name: "Import people from another identity system" });
    const file = new File([csv], "people.csv", { type: "text/csv" });
    Object.defineProperty(file, "text", { value: () => textOf(file) });
    await user.upload(within(dialog).getByLabelText("File"), file);
    await user.click(await within(dialog).findByRole("button", { name: `Import ${total} people` }));

    const status = await within(dialog).findByText(new RegExp(`^Stopped: ${importBatchMax} of ${total} people imported`));
    expect(status.textContent).toMatch(/identity service/i);
    expect(imports, "nothing is sent after the batch that got no answer").toEqual([importBatchMax, importBatchMax]);
    const rows = within(dialog).getAllByRole("row").slice(1);
    const outcome = (index: number) => {
      const cells = within(rows[index]).getAllByRole("cell");
      expect(cells[1].textContent).toBe(address(index));
      return cells[2].textContent;
    };
    expect(outcome(0)).toBe("Imported");
    expect(outcome(importBatchMax)).toMatch(/^Not confirmed/);
    expect(outcome(2 * importBatchMax)).toBe("Not imported: the import stopped before this row");

    expect(dialog.textContent, "the page shows no hash").not.toContain("$2b$");
    await user.click(within(dialog).getByRole("button", { name: "Download the result (CSV)" }));
    const lines = (await textOf(saved)).replace(/^\uFEFF/, "").split("\r\n");
    expect(lines).toHaveLength(total + 1);
    expect(lines[1]).toBe(`"${address(0)}","imported",""`);
    expect(lines[importBatchMax + 1]).toBe(`"${address(importBatchMax)}","unconfirmed",""`);
    expect(lines[2 * importBatchMax + 1]).toBe(`"${address(2 * importBatchMax)}","not_sent",""`);
    expect(lines.join("\n")).not.toContain("$2b$");
  });
});
