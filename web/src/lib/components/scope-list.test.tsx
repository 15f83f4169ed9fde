import { cleanup, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { ScopeList } from "./scope-list";
import { render } from "../testing/render";

afterEach(cleanup);

const items = () => screen.getAllByRole("listitem").map((item) => item.textContent);

describe("ScopeList", () => {
  it("puts the standard scopes in words", () => {
    render(<ScopeList scopes={["email", "profile", "openid", "offline_access"]} />);
    const [email, profile, openid, offline] = items();
    expect(email).toBe("See your email address");
    expect(profile).toBe("See your name");
    expect(openid).toMatch(/who you are/);
    expect(offline).toMatch(/without asking you to sign in again/);
  });

  it("leaves other scopes as they are, including names of Object's own properties", () => {
    render(<ScopeList scopes={["maps:write", "constructor"]} />);
    expect(items()).toEqual(["maps:write", "constructor"]);
    expect(screen.getByText("constructor").tagName).toBe("CODE");
  });
});
