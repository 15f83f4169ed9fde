// The client form as an admin uses it: what it sends, and the server's errors at their fields.
import { cleanup, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ApiError } from "../../../lib/api-client";
import { ClientFormDialog } from "./client-form-dialog";
import { newClientValues, toClientInput, type ClientFormValues } from "../utils/client-form-values";
import { render } from "../../../lib/testing/render";

afterEach(cleanup);

function openForm(onSubmit: (values: ClientFormValues) => Promise<void>) {
  render(
    <ClientFormDialog
      show
      title="New client"
      submitLabel="Create client"
      initial={newClientValues}
      onSubmit={onSubmit}
      onCancel={() => {}}
    />,
  );
  return screen.getByRole("dialog", { name: "New client" });
}

describe("ClientFormDialog", () => {
  it("sends the labelled fields as the API's arrays", async () => {
    // No pause between keystrokes: on a busy machine each pause waits its turn behind other work.
    const user = userEvent.setup({ delay: null });
    const onSubmit = vi.fn<(values: ClientFormValues) => Promise<void>>(() => Promise.resolve());
    const dialog = openForm(onSubmit);

    await user.type(within(dialog).getByLabelText("Name"), "Tiles");
    await user.type(within(dialog).getByLabelText("Redirect URIs"), "https://a.example/cb{Enter}https://b.example/cb");
    // By label rather than by role: as sure for a checkbox, and a role query over a form this size is slow on a busy machine.
    await user.click(within(dialog).getByLabelText("Refresh token"));
    await user.click(within(dialog).getByLabelText("Client credentials"));
    await user.selectOptions(within(dialog).getByLabelText("Token endpoint authentication"), "client_secret_post");
    await user.click(within(dialog).getByLabelText(/Skip consent/));
    await user.click(within(dialog).getByRole("button", { name: "Create client" }));

    const [values] = onSubmit.mock.calls.at(-1) ?? [];
    expect(onSubmit).toHaveBeenCalledTimes(1);
    expect(values && toClientInput(values)).toMatchObject({
      client_name: "Tiles",
      redirect_uris: ["https://a.example/cb", "https://b.example/cb"],
      grant_types: ["authorization_code", "client_credentials"],
      token_endpoint_auth_method: "client_secret_post",
      skip_consent: true,
    });
  });

  it("shows the server's field errors at their fields and the others above the form", async () => {
    const user = userEvent.setup();
    const dialog = openForm(() =>
      Promise.reject(
        new ApiError(400, {
          code: "invalid_fields",
          fieldErrors: [
            { field: "redirect_uris", code: "uri_fragment", value: "https://a.example/#x" },
            { field: "grant_types", code: "too_few", limit: 1 },
            { field: "client", code: "refused_by_hydra" },
          ],
        }),
      ),
    );
    await user.click(within(dialog).getByRole("button", { name: "Create client" }));

    const redirects = within(dialog).getByLabelText("Redirect URIs");
    expect(redirects.getAttribute("aria-invalid")).toBe("true");
    expect(redirects.className).toContain("is-invalid");
    expect(await within(dialog).findByText("https://a.example/#x must not contain a fragment (#).")).toBeTruthy();
    // The error is part of what a screen reader reads for the field, after its help.
    expect(
      within(dialog).getByRole("textbox", {
        name: "Redirect URIs",
        description: /\. https:\/\/a\.example\/#x must not contain a fragment \(#\)\.$/,
      }),
    ).toBe(redirects);
    expect(within(dialog).getByRole("group", { name: "Grant types" }).textContent).toContain("Needs at least 1 value.");
    expect(within(dialog).getByText("Hydra refused this value.")).toBeTruthy();
    expect(within(dialog).getByLabelText("Name").getAttribute("aria-invalid")).toBe("false");
  });

  it("shows a failure that is not about a field, such as Hydra being down", async () => {
    const user = userEvent.setup();
    const dialog = openForm(() => Promise.reject(new ApiError(503, { code: "hydra_unavailable" })));
    await user.click(within(dialog).getByRole("button", { name: "Create client" }));
    expect(
      await within(dialog).findByText("The sign-in service for applications is unavailable. Please try again in a moment."),
    ).toBeTruthy();
  });
});
