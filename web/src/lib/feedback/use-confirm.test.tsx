// Asking before doing, as the user meets it: the answer, the progress of the
// action, and its failure told in the dialog.
import { cleanup, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ApiError } from "../api-client";
import { useConfirm, type ConfirmOptions } from "./use-confirm";
import { render } from "../testing/render";

afterEach(cleanup);

function Asker({ options }: { options: ConfirmOptions }) {
  const { confirm, dialog } = useConfirm();
  const [answer, setAnswer] = useState("none");
  return (
    <>
      <button onClick={() => void confirm(options).then((ok) => setAnswer(String(ok)))}>Ask</button>
      <output>{answer}</output>
      {dialog}
    </>
  );
}

async function ask(options: Partial<ConfirmOptions> = {}) {
  render(<Asker options={{ title: "Delete client", body: "Delete Tiles?", confirmLabel: "Delete", ...options }} />);
  await userEvent.click(screen.getByRole("button", { name: "Ask" }));
  return screen.findByRole("dialog", { name: "Delete client" });
}

describe("useConfirm", () => {
  it("answers true on Confirm and false on Cancel, and closes", async () => {
    let dialog = await ask();
    expect(within(dialog).getByText("Delete Tiles?")).toBeTruthy();
    await userEvent.click(within(dialog).getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(screen.getByText("false")).toBeTruthy();

    await userEvent.click(screen.getByRole("button", { name: "Ask" }));
    dialog = await screen.findByRole("dialog", { name: "Delete client" });
    await userEvent.click(within(dialog).getByRole("button", { name: "Delete" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(screen.getByText("true")).toBeTruthy();
  });

  it("gives the focus back to what asked when cancelled, and to `returnFocus`'s element once confirmed", async () => {
    const elsewhere = document.createElement("button");
    document.body.append(elsewhere);
    try {
      let dialog = await ask({ returnFocus: () => elsewhere });
      await userEvent.click(within(dialog).getByRole("button", { name: "Cancel" }));
      await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
      // eslint-disable-next-line testing-library/no-node-access -- what has focus is the document's to say
      expect(document.activeElement).toBe(screen.getByRole("button", { name: "Ask" }));

      await userEvent.click(screen.getByRole("button", { name: "Ask" }));
      dialog = await screen.findByRole("dialog", { name: "Delete client" });
      await userEvent.click(within(dialog).getByRole("button", { name: "Delete" }));
      await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
      // eslint-disable-next-line testing-library/no-node-access -- what has focus is the document's to say
      expect(document.activeElement).toBe(elsewhere);
    } finally {
      elsewhere.remove();
    }
  });

  it("runs the action with the dialog open and its buttons disabled, then answers true", async () => {
    let finish: () => void = () => {};
    const action = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    const dialog = await ask({ action });
    await userEvent.click(within(dialog).getByRole("button", { name: "Delete" }));
    expect(action).toHaveBeenCalledTimes(1);
    expect(within(dialog).getByRole("button", { name: "Delete" }).hasAttribute("disabled")).toBe(true);
    expect(within(dialog).getByRole("button", { name: "Cancel" }).hasAttribute("disabled")).toBe(true);
    expect(screen.getByText("none")).toBeTruthy();

    finish();
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(screen.getByText("true")).toBeTruthy();
  });

  it("keeps the dialog open with the failure in words, and lets the user try again or cancel", async () => {
    const action = vi
      .fn<() => Promise<void>>()
      .mockRejectedValueOnce(new ApiError(429, { code: "rate_limited", retryAfterSeconds: 600 }))
      .mockResolvedValueOnce(undefined);
    const dialog = await ask({ action });
    await userEvent.click(within(dialog).getByRole("button", { name: "Delete" }));
    expect((await within(dialog).findByRole("alert")).textContent).toBe("Too many attempts. Try again in 10 minutes.");
    expect(screen.getByText("none")).toBeTruthy();

    await userEvent.click(within(dialog).getByRole("button", { name: "Delete" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(screen.getByText("true")).toBeTruthy();
    expect(action).toHaveBeenCalledTimes(2);
  });
});
