import { describe, expect, it } from "vitest";
import { buildSubmitBody, type FormField } from "./submit-body";

const field = (name: string, group: string, value = "", type = "text", checked = false): FormField => ({
  name,
  group,
  type,
  value,
  checked,
});

describe("buildSubmitBody", () => {
  it("sends the default group, the clicked method's group and the button itself", () => {
    const fields = [
      field("csrf_token", "default", "token-1", "hidden"),
      field("identifier", "default", "ada@example.com", "email"),
      field("password", "password", "s3cret-pass", "password"),
      field("passkey_login", "passkey", "", "hidden"),
      field("totp_code", "totp", "123456"),
    ];
    expect(buildSubmitBody(fields, { name: "method", value: "password", group: "password" })).toEqual({
      csrf_token: "token-1",
      identifier: "ada@example.com",
      password: "s3cret-pass",
      method: "password",
    });
  });

  it("nests dotted names the way the identity schema describes traits", () => {
    const fields = [
      field("traits.email", "default", "ada@example.com", "email"),
      field("traits.name.first", "default", "Ada"),
      field("traits.name.last", "default", "Lovelace"),
    ];
    expect(buildSubmitBody(fields, { name: "method", value: "profile", group: "profile" })).toEqual({
      traits: { email: "ada@example.com", name: { first: "Ada", last: "Lovelace" } },
      method: "profile",
    });
  });

  it("sends checkboxes as booleans and numbers as numbers, leaving out an empty number", () => {
    const fields = [
      field("traits.newsletter", "default", "true", "checkbox", true),
      field("traits.terms", "default", "true", "checkbox", false),
      field("traits.age", "default", "42", "number"),
      field("traits.shoe", "default", "", "number"),
    ];
    expect(buildSubmitBody(fields, undefined)).toEqual({ traits: { newsletter: true, terms: false, age: 42 } });
  });

  it("leaves out an empty trait, which Kratos would refuse as a value of an enum, and keeps other empty fields", () => {
    const fields = [
      field("traits.email", "default", "ada@example.com", "email"),
      field("traits.department", "default", "", "select-one"),
      field("traits.company", "default", ""),
      field("code", "code", ""),
    ];
    expect(buildSubmitBody(fields, undefined)).toEqual({ traits: { email: "ada@example.com" }, code: "" });
  });

  it("sends a hidden trait that Kratos gave as a boolean or a number as one", () => {
    const fields = [
      { ...field("traits.newsletter", "default", "false", "hidden"), scalar: true },
      { ...field("traits.seats", "default", "12", "hidden"), scalar: true },
      field("traits.company", "default", "12", "hidden"),
    ];
    expect(buildSubmitBody(fields, undefined)).toEqual({ traits: { newsletter: false, seats: 12, company: "12" } });
  });

  it("lets the clicked button's name and value win over a hidden field of the same name", () => {
    const fields = [field("method", "code", "code", "hidden"), field("email", "code", "", "email")];
    expect(buildSubmitBody(fields, { name: "email", value: "ada@example.com", group: "code" })).toEqual({
      method: "code",
      email: "ada@example.com",
    });
  });

  it("never sends other buttons", () => {
    const fields = [
      field("csrf_token", "default", "token-1", "hidden"),
      field("method", "password", "password", "submit"),
      field("webauthn_register_trigger", "webauthn", "{}", "button"),
    ];
    expect(buildSubmitBody(fields, { name: "lookup_secret_reveal", value: "true", group: "lookup_secret" })).toEqual({
      csrf_token: "token-1",
      lookup_secret_reveal: "true",
    });
  });
});
