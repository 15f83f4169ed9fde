import { act, cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { useToast } from "../../lib/feedback/toast";
import { ToastProvider, toastDelayMs } from "./toast-provider";

function SaveButton() {
  const toast = useToast();
  return <button onClick={() => toast.show("Your settings were saved.")}>Save</button>;
}

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe("toasts", () => {
  it("announce the message and close by themselves after a second", () => {
    vi.useFakeTimers();
    render(
      <ToastProvider>
        <SaveButton />
      </ToastProvider>,
    );
    act(() => screen.getByRole("button", { name: "Save" }).click());
    expect(screen.getByRole("alert").textContent).toBe("Your settings were saved.");

    act(() => vi.advanceTimersByTime(toastDelayMs - 1));
    expect(screen.queryByRole("alert")).not.toBeNull();

    // Hidden at 1000 ms, then removed once its fade-out ends.
    act(() => vi.advanceTimersByTime(1));
    act(() => vi.runAllTimers());
    expect(screen.queryByRole("alert")).toBeNull();
  });
});
