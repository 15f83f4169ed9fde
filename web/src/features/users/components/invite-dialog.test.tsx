// Inviting one person over a stubbed /api/invitations: an address that Kratos
// would refuse (contract/email-address.ts) is named in the dialog and never
// sent; the longest address Kratos takes is sent.
import { cleanup, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderPage, sessionBody } from "../../../lib/testing/render-page";
import { InviteDialog } from "./invite-dialog";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const refusal = /^Not an address the accounts can take/;

async function inviteAddress(address: string): Promise<{ sent: string[]; dialog: HTMLElement }> {
  const user = userEvent.setup();
  const sent: string[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn((_input: string, init?: RequestInit) => {
      const { email } = JSON.parse(init?.body as string) as { email: string };
      sent.push(email);
      const invitation = { id: "x", email, name: "", roles: [], language: "en", invited_by: "a", sent_at: "", expires_at: "" };
      return Promise.resolve(new Response(JSON.stringify({ ...invitation, mail: "queued" }), { status: 201 }));
    }),
  );
  renderPage(<InviteDialog show onClose={() => {}} onSent={() => {}} />, { session: sessionBody({ roles: ["admin"], aal: "aal2" }) });
  const dialog = screen.getByRole("dialog", { name: "Invite a person" });
  await user.click(within(dialog).getByLabelText("Email address"));
  await user.paste(address);
  await user.click(within(dialog).getByRole("button", { name: "Send invitation" }));
  return { sent, dialog };
}

describe("InviteDialog", () => {
  it.each([
    ["a part of 65 characters before the @", `${"a".repeat(65)}@example.org`],
    ["a domain label of 64 characters", `ada@${"d".repeat(64)}.example`],
    ["a domain in other letters than ASCII", "ada@bücher.example"],
  ])("names an address with %s as one the accounts cannot take, and sends nothing", async (_what, address) => {
    const { sent, dialog } = await inviteAddress(address);
    const email = within(dialog).getByLabelText("Email address");
    expect(email.getAttribute("aria-invalid")).toBe("true");
    expect(within(dialog).getByText(refusal).id).toBe(email.getAttribute("aria-describedby"));
    expect(sent).toEqual([]);
  });

  it.each([
    ["a part of 64 characters before the @", `${"a".repeat(64)}@example.org`],
    ["a domain label of 63 characters", `ada@${"d".repeat(63)}.example`],
    ["an international domain in its ASCII form", "ada@xn--bcher-kva.example"],
  ])("sends an address with %s", async (_what, address) => {
    const { sent, dialog } = await inviteAddress(address);
    await vi.waitFor(() => {
      expect(sent).toEqual([address]);
    });
    expect(within(dialog).queryByText(refusal)).toBeNull();
  });
});
