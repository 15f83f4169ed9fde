// Traits as the identity schema describes them, beyond Kratos 1.3.1's nodes.
import type { UiNode } from "@ory/client-fetch";
import { QueryClientProvider } from "@tanstack/react-query";
import { cleanup, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { IdentitySchemas } from "#contract/schemas/identity-schemas.js";
import type { KratosFlow } from "../kratos/errors";
import { createQueryClient } from "../query-client";
import { FlowForm } from "./flow-form";
import { identitySchemasQueryOptions, schemaFieldsOf, TraitFieldsScope } from "./trait-fields";
import { render } from "../testing/render";

const schemas: IdentitySchemas = {
  schemas: [
    { id: "default", fields: [{ name: "traits.email", type: "string", required: true }] },
    {
      id: "workplace",
      fields: [
        { name: "traits.email", type: "string", required: true },
        { name: "traits.department", type: "string", title: "Department", required: false, enum: ["engineering", "sales"] },
        { name: "traits.company", type: "string", title: "Company", required: false, maxLength: 80 },
        { name: "traits.seats", type: "integer", title: "Seats", required: false, minimum: 1, maximum: 500 },
      ],
    },
  ],
};

/** An input node as Kratos 1.3.1 sends a trait: a type, a title, no options. */
function traitNode(name: string, type: string, label: string, value?: unknown): UiNode {
  return {
    type: "input",
    group: "default",
    attributes: { node_type: "input", name, type, value, disabled: false } as UiNode["attributes"],
    messages: [],
    meta: { label: { id: 1070002, text: label, type: "info", context: { title: label } } },
  };
}

const flow: KratosFlow = {
  id: "flow-1",
  ui: {
    action: "http://localhost/kratos/self-service/registration?flow=flow-1",
    method: "POST",
    nodes: [
      traitNode("traits.email", "email", "Email", "ada@example.com"),
      traitNode("traits.department", "text", "Department"),
      traitNode("traits.company", "text", "Company"),
      traitNode("traits.seats", "number", "Seats"),
      {
        type: "input",
        group: "profile",
        attributes: { node_type: "input", name: "method", type: "submit", value: "profile", disabled: false },
        messages: [],
        meta: { label: { id: 1040001, text: "Sign up", type: "info" } },
      },
    ],
  },
};

afterEach(cleanup);

describe("TraitFieldsScope", () => {
  it("finds a new identity's schema by its traits, and a known identity's by its id", () => {
    expect(schemaFieldsOf(schemas, undefined, ["traits.email", "traits.department"])).toBe(schemas.schemas[1]?.fields);
    expect(schemaFieldsOf(schemas, "default", ["traits.email"])).toBe(schemas.schemas[0]?.fields);
    expect(schemaFieldsOf(undefined, undefined, ["traits.email"])).toBeUndefined();
  });

  it("renders an enum as a list that starts empty, a length and bounds for the browser, and sends no empty trait", async () => {
    const queryClient = createQueryClient();
    queryClient.setQueryData(identitySchemasQueryOptions.queryKey, schemas);
    const onSubmit = vi.fn();
    render(
      <QueryClientProvider client={queryClient}>
        <TraitFieldsScope flow={flow}>
          <FlowForm flow={flow} busy={false} onSubmit={onSubmit} />
        </TraitFieldsScope>
      </QueryClientProvider>,
    );
    const department = screen.getByRole("combobox", { name: "Department" });
    expect(Array.from((department as HTMLSelectElement).options).map((option) => option.value)).toEqual(["", "engineering", "sales"]);
    expect(screen.getByRole("option", { name: "Not chosen" })).toHaveProperty("selected", true);
    expect(screen.getByLabelText("Company").getAttribute("maxlength")).toBe("80");
    const seats = screen.getByLabelText("Seats");
    expect([seats.getAttribute("min"), seats.getAttribute("max"), seats.getAttribute("step")]).toEqual(["1", "500", "1"]);

    await userEvent.click(screen.getByRole("button", { name: "Continue" }));
    expect(onSubmit).toHaveBeenLastCalledWith({ traits: { email: "ada@example.com" }, method: "profile" }, expect.anything());

    await userEvent.selectOptions(department, "sales");
    await userEvent.click(screen.getByRole("button", { name: "Continue" }));
    expect(onSubmit).toHaveBeenLastCalledWith(
      { traits: { email: "ada@example.com", department: "sales" }, method: "profile" },
      expect.anything(),
    );
  });
});
