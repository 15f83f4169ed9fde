// The client form as an admin uses it: what it sends, and the server's errors at their fields.
import { cleanup, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ApiError } from "../../../lib/api-client";
import { ClientFormDialog } from "./client-form-dialog";
import { newClientValues, toClientInput, type ClientFormValues } from "../utils/client-form-values";

afterEach(cleanup);

function renderForm(onSubmit: (values: ClientFormValues) => Promise<void>) {
  render(
    <ClientFormDialog show title="New client" submitLabel="Create client" initial={newClientValues} onSubmit={onSubmit} onCancel={() => {}} />,
  );
  return screen.getByRole("dialog", { name: "New client" });
}

describe("ClientFormDialog", () => {
  it("sends the labelled fields as the API's arrays", async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn(async (_values: ClientFormValues) => {});
    const dialog = renderForm(onSubmit);

    await user.type(within(dialog).getByLabelText("Name"), "Tiles");
    await user.type(within(dialog).getByLabelText("Redirect URIs"), "https://a.example/cb{Enter}https://b.example/cb");
    await user.click(within(dialog).getByRole("checkbox", { name: "Refresh token" }));
    await user.click(within(dialog).getByRole("checkbox", { name: "Client credentials" }));
    await user.selectOptions(within(dialog).getByLabelText("Token endpoint authentication"), "client_secret_post");
    await user.click(within(dialog).getByRole("checkbox", { name: /Skip consent/ }));
    await user.click(within(dialog).getByRole("button", { name: "Create client" }));

    expect(onSubmit).toHaveBeenCalledTimes(1);
    expect(toClientInput(onSubmit.mock.calls[0]![0])).toMatchObject({
      client_name: "Tiles",
      redirect_uris: ["https://a.example/cb", "https://b.example/cb"],
      grant_types: ["authorization_code", "client_credentials"],
      token_endpoint_auth_method: "client_secret_post",
      skip_consent: true,
    });
  });

  it("shows the server's field errors at their fields and the others above the form", async () => {
    const user = userEvent.setup();
    const dialog = renderForm(() =>
      Promise.reject(
        new ApiError(400, "redirect_uris: https://a.example/#x must not contain a fragment (#)", {
          fieldErrors: [
            { field: "redirect_uris", message: "https://a.example/#x must not contain a fragment (#)" },
            { field: "grant_types", message: "needs at least 1 value" },
            { field: "client", message: "Hydra refused this client" },
          ],
        }),
      ),
    );
    await user.click(within(dialog).getByRole("button", { name: "Create client" }));

    const redirects = within(dialog).getByLabelText("Redirect URIs");
    expect(redirects.getAttribute("aria-invalid")).toBe("true");
    expect(redirects.className).toContain("is-invalid");
    expect(await within(dialog).findByText("https://a.example/#x must not contain a fragment (#).")).toBeTruthy();
    const errorId = redirects.getAttribute("aria-describedby")?.split(" ").at(-1);
    expect(document.getElementById(errorId ?? "")?.textContent).toBe("https://a.example/#x must not contain a fragment (#).");
    expect(within(dialog).getByRole("group", { name: "Grant types" }).textContent).toContain("Needs at least 1 value.");
    expect(within(dialog).getByText("Hydra refused this client.")).toBeTruthy();
    expect(within(dialog).getByLabelText("Name").getAttribute("aria-invalid")).toBe("false");
  });

  it("shows a failure that is not about a field, such as Hydra being down", async () => {
    const user = userEvent.setup();
    const dialog = renderForm(() => Promise.reject(new ApiError(503, "The OAuth2 service (Hydra) is unavailable.")));
    await user.click(within(dialog).getByRole("button", { name: "Create client" }));
    expect(await within(dialog).findByText("The OAuth2 service (Hydra) is unavailable.")).toBeTruthy();
  });
});
