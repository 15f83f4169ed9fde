import { describe, expect, it } from "vitest";
import { describeScope } from "./oauth2-scopes";

describe("describeScope", () => {
  it("puts the standard scopes in words", () => {
    expect(describeScope("email").words).toBe("See your email address");
    expect(describeScope("profile").words).toBe("See your name");
    expect(describeScope("openid").words).toMatch(/who you are/);
    expect(describeScope("offline_access").words).toMatch(/without asking you to sign in again/);
  });

  it("leaves other scopes as they are, including names of Object's own properties", () => {
    expect(describeScope("maps:write")).toEqual({ scope: "maps:write", words: undefined });
    expect(describeScope("constructor").words).toBeUndefined();
  });
});
