// Inviting a list over a stubbed /api/invitations: the server's check marks an
// address that has an account before anything is sent, and a row over the
// admin's limit is "limited" with its wait, as are the rows after it, which
// are not sent at all; the rows before stay invited.
import { cleanup, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderPage, sessionBody } from "../../../lib/testing/render-page";
import { InviteListDialog } from "./invite-list-dialog";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json", ...headers } });

const invitation = (email: string) => ({
  id: "x",
  email,
  name: "",
  roles: [],
  language: "en",
  invited_by: "a",
  sent_at: "",
  expires_at: "",
});

describe("InviteListDialog", () => {
  it("shows who has an account before sending, then reports invited, limited with the wait, and sends no row after the limit", async () => {
    const user = userEvent.setup();
    const sent: string[] = [];
    let checked: unknown;
    vi.stubGlobal(
      "fetch",
      vi.fn((input: string, init?: RequestInit) => {
        const body = JSON.parse(init?.body as string) as { email: string; emails: string[] };
        if (input === "/api/invitations/check") {
          checked = body;
          return Promise.resolve(json(200, { accounts: body.emails.map((email) => email === "has@example.org") }));
        }
        sent.push(body.email);
        return Promise.resolve(
          sent.length === 1
            ? json(201, { ...invitation(body.email), mail: "queued" })
            : json(429, { code: "rate_limited" }, { "retry-after": "600" }),
        );
      }),
    );
    renderPage(<InviteListDialog show onClose={() => {}} />, { session: sessionBody({ roles: ["admin"], aal: "aal2" }) });
    const dialog = screen.getByRole("dialog", { name: "Invite a list of people" });
    const list = ["email,name,language,roles", "one@example.org,,,", "has@example.org,,,", "two@example.org,,,", "three@example.org,,,"];
    await user.click(within(dialog).getByLabelText("Paste the list"));
    await user.paste(list.join("\n"));
    await user.click(within(dialog).getByRole("button", { name: "Check the list" }));

    expect(await within(dialog).findByText("3 of 4 rows will be invited. Nothing has been sent yet.")).toBeTruthy();
    expect(checked).toEqual({ emails: ["one@example.org", "has@example.org", "two@example.org", "three@example.org"] });
    const outcome = (email: string) => within(dialog).getByRole("row", { name: new RegExp(email) }).lastElementChild?.textContent;
    expect(outcome("has@example.org")).toBe("already has an account");
    expect(sent).toEqual([]);

    await user.click(within(dialog).getByRole("button", { name: "Send the invitations (3)" }));
    expect(await within(dialog).findByText("Done: 1 of 4 rows invited.")).toBeTruthy();
    expect(outcome("one@example.org")).toBe("invited");
    expect(outcome("has@example.org")).toBe("already has an account");
    expect(outcome("two@example.org")).toMatch(/^limited: .*10 minutes/);
    expect(outcome("three@example.org")).toBe(outcome("two@example.org"));
    expect(sent, "no row is sent after the limit refused one").toEqual(["one@example.org", "two@example.org"]);
  });

  it("says of a row whose mail the address's limit held that it is invited but its mail held", async () => {
    const user = userEvent.setup();
    vi.stubGlobal(
      "fetch",
      vi.fn((input: string, init?: RequestInit) => {
        const body = JSON.parse(init?.body as string) as { email: string; emails: string[] };
        if (input === "/api/invitations/check") return Promise.resolve(json(200, { accounts: body.emails.map(() => false) }));
        return Promise.resolve(json(201, { ...invitation(body.email), mail: body.email === "held@example.org" ? "held" : "queued" }));
      }),
    );
    renderPage(<InviteListDialog show onClose={() => {}} />, { session: sessionBody({ roles: ["admin"], aal: "aal2" }) });
    const dialog = screen.getByRole("dialog", { name: "Invite a list of people" });
    await user.click(within(dialog).getByLabelText("Paste the list"));
    await user.paste(["email,name,language,roles", "one@example.org,,,", "held@example.org,,,"].join("\n"));
    await user.click(within(dialog).getByRole("button", { name: "Check the list" }));
    await user.click(await within(dialog).findByRole("button", { name: "Send the invitations (2)" }));

    expect(await within(dialog).findByText("Done: 1 of 2 rows invited.")).toBeTruthy();
    const outcome = (email: string) => within(dialog).getByRole("row", { name: new RegExp(email) }).lastElementChild?.textContent;
    expect(outcome("one@example.org")).toBe("invited");
    expect(outcome("held@example.org")).toBe("invited, mail held (the address's mail limit): resend later");
  });
});
