import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { EmailAddress, wrapPoints } from "./email-address";
import { render } from "../testing/render";

describe("EmailAddress", () => {
  it("may wrap after the @ and before each dot, nowhere else", () => {
    expect(wrapPoints("ada.lovelace@maths.example.org")).toEqual(["ada", ".lovelace@", "maths", ".example", ".org"]);
    expect(wrapPoints("plain")).toEqual(["plain"]);
  });

  it("reads as the whole address", () => {
    render(<EmailAddress address="ada@example.org" />);
    expect(screen.getByText((_, element) => element?.tagName === "BDI" && element.textContent === "ada@example.org")).toBeTruthy();
  });
});
