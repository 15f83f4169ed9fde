import { describe, expect, it } from "vitest";
import { userAgentName } from "./device-name";

describe("userAgentName", () => {
  it.each([
    [
      "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/140.0.0.0 Safari/537.36",
      "Chrome 140 on Linux",
    ],
    ["Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0", "Firefox 133 on Windows"],
    [
      "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1",
      "Safari 18 on iOS",
    ],
    [
      "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0",
      "Microsoft Edge 131 on Windows",
    ],
  ])("names %s as %s", (userAgent, expected) => {
    expect(userAgentName(userAgent)).toBe(expected);
  });

  it("shows none of a user agent it cannot read: only the catalog's words", () => {
    expect(userAgentName("Visit helpdesk.example to unlock your account/1 (x)")).toBe("Unknown browser on an unknown system");
    expect(userAgentName("curl/8.5.0")).toBe("Unknown browser on an unknown system");
    expect(userAgentName("Mozilla/5.0 (X11; Linux x86_64) Call-0800-555/1.0")).toBe("Unknown browser on Linux");
    expect(userAgentName(undefined)).toBe("Unknown browser on an unknown system");
  });
});
