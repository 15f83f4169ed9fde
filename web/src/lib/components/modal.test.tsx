// Tab and Shift+Tab in a dialog, as user-event moves the focus through the
// document: they cross from the last control to the first and back, from the
// dialog itself (which has the focus when it opens) to its last control, and
// never reach the page behind; with two dialogs open, only the top one's
// controls. jsdom lays nothing out, so here every element has a box for
// tabbable to find it drawn; in a browser the real boxes count.
import { cleanup } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { Modal } from "./modal";
import { render } from "../testing/render";

beforeEach(() => {
  vi.spyOn(Element.prototype, "getClientRects").mockReturnValue({ length: 1 } as DOMRectList);
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

function Dialog({ title }: { title: string }) {
  return (
    <Modal show animation={false} aria-label={title}>
      <Modal.Header closeButton closeLabel={`Close ${title}`} />
      <Modal.Body>
        <input aria-label={`Name in ${title}`} />
      </Modal.Body>
      <Modal.Footer>
        <button type="button">Cancel {title}</button>
        <button type="button">Confirm {title}</button>
      </Modal.Footer>
    </Modal>
  );
}

/** The accessible name of the focused element, for lists of where each press went. */
function focused(): string {
  // eslint-disable-next-line testing-library/no-node-access -- what has focus is the document's to say
  const element = document.activeElement;
  if (element?.getAttribute("role") === "dialog") return `dialog ${element.getAttribute("aria-label")}`;
  return element?.getAttribute("aria-label") ?? element?.textContent ?? "";
}

/** Dialog A open in front of a page's button, with the focus on the dialog as it opened; the user who presses keys. */
function openInFrontOfPage() {
  const user = userEvent.setup();
  render(
    <>
      <button type="button">Behind</button>
      <Dialog title="A" />
    </>,
  );
  expect(focused()).toBe("dialog A");
  return user;
}

describe("Modal", () => {
  it("keeps Tab and Shift+Tab among its controls, in order, across both ends", async () => {
    const user = openInFrontOfPage();

    const forwards: string[] = [];
    for (let press = 0; press < 9; press++) {
      await user.tab();
      forwards.push(focused());
    }
    expect(forwards).toEqual(["Close A", "Name in A", "Cancel A", "Confirm A", "Close A", "Name in A", "Cancel A", "Confirm A", "Close A"]);

    const backwards: string[] = [];
    for (let press = 0; press < 5; press++) {
      await user.tab({ shift: true });
      backwards.push(focused());
    }
    expect(backwards).toEqual(["Confirm A", "Cancel A", "Name in A", "Close A", "Confirm A"]);
  });

  it("takes Shift+Tab from the dialog itself, as it opened, to its last control", async () => {
    const user = openInFrontOfPage();
    await user.tab({ shift: true });
    expect(focused()).toBe("Confirm A");
  });

  it("keeps the focus in the top dialog when two are open", async () => {
    const user = userEvent.setup();
    render(
      <>
        <Dialog title="A" />
        <Dialog title="B" />
      </>,
    );
    await user.tab({ shift: true });
    expect(focused()).toBe("Confirm B");
    await user.tab();
    expect(focused()).toBe("Close B");
    await user.tab({ shift: true });
    expect(focused()).toBe("Confirm B");
  });
});
