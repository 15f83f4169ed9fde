import { readFileSync } from "node:fs";
import t from "tap";
import { traitFieldsOf } from "../../../src/kratos/schemas.js";
import { build } from "../../helpers/build.js";
import { useKratos } from "../../helpers/kratos.js";

const richSchema: unknown = JSON.parse(
  readFileSync(new URL("../../../../testing/schemas/rich-identity.schema.json", import.meta.url), "utf8"),
);

t.test("a schema's traits become fields with what Kratos' nodes leave out", async (t) => {
  const fields = traitFieldsOf(richSchema);
  t.same(
    fields.map((field) => field.name),
    [
      "traits.email",
      "traits.name.first",
      "traits.name.last",
      "traits.company",
      "traits.department",
      "traits.phone",
      "traits.address.street",
      "traits.address.city",
      "traits.seats",
      "traits.newsletter",
      "traits.tos",
    ],
  );
  const byName = new Map(fields.map((field) => [field.name, field]));
  t.same(byName.get("traits.department"), {
    name: "traits.department",
    type: "string",
    title: "Department",
    required: false,
    enum: ["engineering", "sales", "support"],
    list: true,
  });
  t.same(byName.get("traits.tos"), {
    name: "traits.tos",
    type: "boolean",
    title: "I accept the terms of service",
    required: true,
    const: true,
    terms: true,
  });
  t.match(byName.get("traits.name.first"), { groupTitle: "Name", maxLength: 100, required: false });
  t.match(byName.get("traits.address.city"), { groupTitle: "Address", title: "City", maxLength: 80 });
  t.match(byName.get("traits.company"), { list: true });
  t.equal(byName.get("traits.newsletter")?.list, undefined);
  t.match(byName.get("traits.seats"), { type: "integer", minimum: 1, maximum: 500 });
  t.match(byName.get("traits.phone"), { format: "tel", pattern: "^\\+?[0-9 ]{6,20}$" });
});

t.test("local references are followed; what is no field is left out", async (t) => {
  const fields = traitFieldsOf({
    definitions: { level: { type: "string", enum: ["a", "b"], title: "Level" } },
    properties: {
      traits: {
        type: "object",
        properties: { level: { $ref: "#/definitions/level" }, tags: { type: "array" }, loop: { $ref: "#/definitions/loop" } },
      },
    },
  });
  t.same(fields, [{ name: "traits.level", type: "string", title: "Level", required: false, enum: ["a", "b"] }]);
  t.same(traitFieldsOf("not a schema"), []);
});

t.test("GET /api/identity-schemas answers the shipped schema's traits from Kratos", async (t) => {
  const kratos = await useKratos(t);
  const app = await build(t, kratos.env);
  const response = await app.inject("/api/identity-schemas");
  t.equal(response.statusCode, 200);
  const { schemas } = response.json<{ schemas: { id: string; fields: { name: string; enum?: string[] }[] }[] }>();
  t.same(
    schemas.map((schema) => schema.id),
    ["default"],
  );
  t.match(schemas[0]?.fields, [
    { name: "traits.email", required: true, format: "email", maxLength: 320 },
    { name: "traits.name.first" },
    { name: "traits.name.last" },
    { name: "traits.language", enum: ["en", "de", "fr", "es", "pt-BR", "ja", "ar"] },
  ]);
});
