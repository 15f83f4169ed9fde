// A page whose code cannot be loaded (a deploy replaced the files the open app
// was built with) says so and offers a reload, instead of a blank page.
import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { QueryClientProvider } from "@tanstack/react-query";
import { RouterProvider, createMemoryRouter } from "react-router-dom";
import { afterEach, expect, it, vi } from "vitest";
import { sessionBody } from "../lib/testing/render-page";
import { createQueryClient } from "../lib/query-client";
import { routes } from "./routes";
import { render } from "../lib/testing/render";

vi.mock("../features/clients", () => {
  throw new TypeError("Failed to fetch dynamically imported module: /assets/clients-0000.js");
});

afterEach(() => {
  vi.unstubAllGlobals();
});

it("offers a reload when the code of a page cannot be loaded", async () => {
  const session = sessionBody({ roles: ["admin"] });
  vi.stubGlobal(
    "fetch",
    vi.fn(() => Promise.resolve(new Response(JSON.stringify(session), { status: 200 }))),
  );
  const reload = vi.fn();
  vi.stubGlobal("location", { origin: window.location.origin, href: window.location.href, reload });
  render(
    <QueryClientProvider client={createQueryClient()}>
      <RouterProvider router={createMemoryRouter(routes, { initialEntries: ["/manage-clients"] })} />
    </QueryClientProvider>,
  );

  expect(await screen.findByRole("heading", { name: "This page could not be loaded" })).toBeDefined();
  expect(screen.getByText(/may have been updated since you opened it/)).toBeDefined();
  await userEvent.click(screen.getByRole("button", { name: "Reload" }));
  expect(reload).toHaveBeenCalledOnce();
});
