import { afterEach, describe, expect, it, vi } from "vitest";
import { runBulk } from "./bulk-actions";

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(status === 204 ? null : JSON.stringify(body), { status, headers: { "Content-Type": "application/json", ...headers } });

afterEach(() => vi.unstubAllGlobals());

const people = ["a", "b", "c", "d"].map((id) => ({ id, email: `${id}@example.org` }));

describe("runBulk", () => {
  it("acts on each person in turn and keeps each refusal with its person", async () => {
    const calls: string[] = [];
    vi.stubGlobal(
      "fetch",
      vi.fn((input: string, init?: RequestInit) => {
        calls.push(`${init?.method} ${input}`);
        return Promise.resolve(input.includes("/b/") ? json(409, { code: "self_action" }) : json(200, {}));
      }),
    );
    const progress: number[] = [];
    const outcomes = await runBulk("deactivate", people, (done) => progress.push(done));
    expect(calls).toEqual(people.map(({ id }) => `PUT /api/users/${id}/state`));
    expect(outcomes.map((outcome) => outcome.done)).toEqual([true, false, true, true]);
    expect(progress).toEqual([1, 2, 3, 4]);
  });

  it("asks no more once the server says to wait, and says so for everyone left", async () => {
    const fetchStub = vi.fn((input: string) =>
      Promise.resolve(input.includes("/b") ? json(429, { code: "rate_limited" }, { "Retry-After": "60" }) : json(204, null)),
    );
    vi.stubGlobal("fetch", fetchStub);
    const outcomes = await runBulk("delete", people, () => undefined);
    expect(fetchStub).toHaveBeenCalledTimes(2);
    expect(outcomes.map((outcome) => outcome.done)).toEqual([true, false, false, false]);
  });
});
