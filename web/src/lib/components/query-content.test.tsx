// What a card shows of its query, as a reader sees it: a spinner, the failure
// with Try again (which asks again), the card's empty words, its content, and
// the content kept below a failure to read it again.
import { QueryClientProvider, useQuery } from "@tanstack/react-query";
import { cleanup, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it } from "vitest";
import { ApiError } from "../api-client";
import { createQueryClient } from "../query-client";
import { QueryContent } from "./query-content";
import { render } from "../testing/render";

afterEach(cleanup);

function Card({ read }: { read: () => Promise<string[]> }) {
  const names = useQuery({ queryKey: ["names"], queryFn: read });
  return (
    <QueryContent query={names} loadingLabel="Loading names…" empty={{ when: (data) => data.length === 0, show: <p>No names</p> }}>
      {(data) => (
        <ul>
          {data.map((name) => (
            <li key={name}>{name}</li>
          ))}
        </ul>
      )}
    </QueryContent>
  );
}

function show(read: () => Promise<string[]>) {
  const client = createQueryClient();
  render(
    <QueryClientProvider client={client}>
      <Card read={read} />
    </QueryClientProvider>,
  );
  return client;
}

describe("QueryContent", () => {
  it("shows its spinner until the answer comes, then what the card makes of it", async () => {
    let answer: (names: string[]) => void = () => undefined;
    show(() => new Promise((resolve) => (answer = resolve)));
    expect(screen.getByRole("status").textContent).toBe("Loading names…");
    answer(["Ada", "Grace"]);
    expect((await screen.findAllByRole("listitem")).map((item) => item.textContent)).toEqual(["Ada", "Grace"]);
    expect(screen.queryByRole("status")).toBeNull();
  });

  it("shows the card's own words when the answer holds nothing", async () => {
    show(() => Promise.resolve([]));
    expect(await screen.findByText("No names")).toBeTruthy();
    expect(screen.queryByRole("list")).toBeNull();
  });

  it("words a failure with Try again, which asks again", async () => {
    let calls = 0;
    show(() => (++calls === 1 ? Promise.reject(new ApiError(503, { code: "kratos_unavailable" })) : Promise.resolve(["Ada"])));
    expect(await screen.findByText("The identity service is unavailable. Please try again in a moment.")).toBeTruthy();
    await userEvent.click(screen.getByRole("button", { name: "Try again" }));
    expect((await screen.findByRole("listitem")).textContent).toBe("Ada");
    expect(screen.queryByRole("button", { name: "Try again" })).toBeNull();
  });

  it("keeps the answer it had below a failure to read it again", async () => {
    let calls = 0;
    const client = show(() => (++calls === 1 ? Promise.resolve(["Ada"]) : Promise.reject(new ApiError(0))));
    expect((await screen.findByRole("listitem")).textContent).toBe("Ada");
    await client.refetchQueries({ queryKey: ["names"] });
    expect(await screen.findByRole("button", { name: "Try again" })).toBeTruthy();
    expect(screen.getByRole("listitem").textContent).toBe("Ada");
  });
});
