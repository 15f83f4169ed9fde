import { act, cleanup, render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it } from "vitest";
import { useToast } from "../../lib/feedback";
import { ToastProvider, toastDelayMs } from "./toast-provider";

function SaveButton() {
  const toast = useToast();
  return <button onClick={() => toast.show("Your settings were saved.")}>Save</button>;
}

afterEach(cleanup);

describe("toasts", () => {
  it("announce the message and close by themselves after about a second", async () => {
    render(
      <ToastProvider>
        <SaveButton />
      </ToastProvider>,
    );
    await userEvent.click(screen.getByRole("button", { name: "Save" }));
    const shownAt = Date.now();
    expect(screen.getByRole("alert").textContent).toBe("Your settings were saved.");

    await act(() => new Promise((resolve) => setTimeout(resolve, toastDelayMs - 200)));
    expect(screen.queryByRole("alert")).not.toBeNull();

    await waitFor(() => expect(screen.queryByRole("alert")).toBeNull(), { timeout: 2000 });
    expect(Date.now() - shownAt).toBeGreaterThanOrEqual(toastDelayMs);
  });
});
