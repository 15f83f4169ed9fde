import { act, cleanup, fireEvent, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { useToast } from "../../lib/feedback/toast";
import { ToastProvider, toastDelayMs } from "./toast-provider";
import { render } from "../../lib/testing/render";

function SaveButton() {
  const toast = useToast();
  return <button onClick={() => toast.show("Your settings were saved.")}>Save</button>;
}

/** Renders the button under the provider on fake timers and clicks it: a toast shows. */
function saveWithFakeTimers() {
  vi.useFakeTimers();
  render(
    <ToastProvider>
      <SaveButton />
    </ToastProvider>,
  );
  fireEvent.click(screen.getByRole("button", { name: "Save" }));
}

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe("toasts", () => {
  it("announce the message as a status and close by themselves after a second", async () => {
    saveWithFakeTimers();
    expect(screen.getByRole("status").textContent).toBe("Your settings were saved.");

    await act(async () => vi.advanceTimersByTimeAsync(toastDelayMs - 1));
    expect(screen.getByRole("status").textContent).toBe("Your settings were saved.");

    // Hidden at 1000 ms, then removed once its fade-out ends.
    await act(async () => vi.advanceTimersByTimeAsync(1));
    await act(async () => vi.runAllTimersAsync());
    expect(screen.queryByRole("status")).toBeNull();
  });

  it("stay while the pointer is over them, and close a second after it leaves", async () => {
    saveWithFakeTimers();
    const toast = screen.getByRole("status");
    await act(async () => vi.advanceTimersByTimeAsync(toastDelayMs / 2));
    fireEvent.mouseEnter(toast);

    await act(async () => vi.advanceTimersByTimeAsync(toastDelayMs * 5));
    expect(screen.getByRole("status").textContent).toBe("Your settings were saved.");

    // Leaving gives it the whole delay again, not what was left of it.
    fireEvent.mouseLeave(toast);
    await act(async () => vi.advanceTimersByTimeAsync(toastDelayMs - 1));
    expect(screen.getByRole("status").textContent).toBe("Your settings were saved.");
    await act(async () => vi.advanceTimersByTimeAsync(1));
    await act(async () => vi.runAllTimersAsync());
    expect(screen.queryByRole("status")).toBeNull();
  });
});
