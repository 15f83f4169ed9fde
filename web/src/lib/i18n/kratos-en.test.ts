// The English Kratos catalog words every message Kratos can send, and no other.
import { kratosMessageIds } from "#contract/kratos-message-ids.js";
import { describe, expect, it } from "vitest";
import { i18n } from "./index";
import { kratosTextKeys } from "./kratos-text";
import { kratos as kratosEn, type KratosCatalog } from "#locales/en/kratos.js";

const known = new Set<string>(kratosMessageIds);
const catalog: KratosCatalog = kratosEn;
const ids = Object.keys(catalog).filter((key) => typeof catalog[key] === "string");
const groups = Object.entries(catalog).flatMap(([group, texts]) => (typeof texts === "object" ? [{ group, ids: Object.keys(texts) }] : []));

describe("the English Kratos catalog", () => {
  it("has a text for every message id of Kratos and none for an id Kratos does not send", () => {
    expect(ids.filter((id) => !known.has(id))).toEqual([]);
    expect(kratosMessageIds.filter((id) => !ids.includes(id))).toEqual([]);
  });

  it("words a message differently for a node group, or the invitee's password page, only where that id exists", () => {
    expect(groups.map(({ group }) => group).sort()).toEqual(["breachCheck", "invitation", "password", "profile"]);
    expect(groups.flatMap((group) => group.ids).filter((id) => !known.has(id))).toEqual([]);
  });

  it("fills in a message's context, its timestamps as dates", () => {
    const t = i18n.getFixedT("en", "kratos");
    expect(t("4000003", { replace: { min_length: 8, actual_length: 3 } })).toBe("Use at least 8 characters.");
    expect(t("1010023", { replace: { address: "ada@example.org", channel: "email" } })).toBe("Send code to ada@example.org");
    expect(t("4010001", { replace: { expired_at: new Date(2026, 0, 2, 15, 4) } })).toBe(
      "This sign-in page expired at Jan 2, 2026, 3:04 PM. Try again.",
    );
  });

  it("words a password Kratos could not check against the breach range service, never Kratos' reason", () => {
    const t = i18n.getFixedT("en", "kratos");
    const refused = (reason: string) => {
      const text = { id: 4000005, type: "error" as const, text: `The password can not be used because ${reason}.`, context: { reason } };
      return t(kratosTextKeys(text, "password") as never, { replace: text.context });
    };
    const down =
      "GET https://127.0.0.1:4460/range/412B8 giving up after 5 attempt(s): dial tcp 127.0.0.1:4460: connect: connection refused: unable to check if password has been leaked because an unexpected network error occurred";
    expect(refused(down)).toBe("We cannot check this password against known data breaches right now. Try again in a few minutes.");
    expect(refused("503: unexpected status code")).toBe(
      "We cannot check this password against known data breaches right now. Try again in a few minutes.",
    );
    expect(refused("it is too common")).toBe("You cannot use this password: it is too common.");
  });
});
