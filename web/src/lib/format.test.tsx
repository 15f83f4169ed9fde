// Dates in a page the server renders: written by the server in the reader's language and zone, handed to the
// browser with the page, and met as they are by hydration, whatever the browser's own Intl would write.
import { act } from "@testing-library/react";
import { hydrateRoot } from "react-dom/client";
import { renderToString } from "react-dom/server";
import { afterEach, describe, expect, it, vi } from "vitest";
import { bootElementId } from "#contract/boot.js";
import { timeZoneOfCookies } from "#contract/time-zone.js";
import { withServerPage } from "./boot-data";
import { rememberTimeZone, useFormatDate, useFormatDateTime } from "./format";

const config = { KRATOS_PUBLIC_URL: "http://localhost/kratos" };
const when = "2026-11-28T16:30:00Z";

function Probe() {
  const formatDate = useFormatDate();
  const formatDateTime = useFormatDateTime();
  return (
    <p>
      <span>{formatDate(when)}</span>
      <span>{formatDateTime(when)}</span>
    </p>
  );
}

const inZone = (timeZone: string, options: Intl.DateTimeFormatOptions) =>
  new Intl.DateTimeFormat("en", { ...options, timeZone }).format(new Date(when));

afterEach(() => {
  document.body.innerHTML = "";
  document.cookie = "portal_time_zone=; Path=/; Max-Age=0";
  vi.restoreAllMocks();
});

describe("timeZoneOfCookies", () => {
  it("takes a zone Intl knows, and nothing else", () => {
    expect(timeZoneOfCookies("a=1; portal_time_zone=Europe/Berlin")).toBe("Europe/Berlin");
    expect(timeZoneOfCookies("portal_time_zone=America/Argentina/Buenos_Aires")).toBe("America/Argentina/Buenos_Aires");
    expect(timeZoneOfCookies("portal_time_zone=Etc/GMT+5")).toBe("Etc/GMT+5");
    expect(timeZoneOfCookies("portal_time_zone=Mars/Olympus_Mons")).toBeUndefined();
    expect(timeZoneOfCookies("portal_time_zone=../../etc/passwd")).toBeUndefined();
    expect(timeZoneOfCookies('portal_time_zone="><script>')).toBeUndefined();
    expect(timeZoneOfCookies(`portal_time_zone=Europe/${"a".repeat(80)}`)).toBeUndefined();
    expect(timeZoneOfCookies(undefined)).toBeUndefined();
  });
});

describe("a date the server renders", () => {
  it("is written in the reader's zone, and kept for the browser", () => {
    const { rendered, dates } = withServerPage({ config, language: "en", timeZone: "Asia/Tokyo" }, "http://localhost", () =>
      renderToString(<Probe />),
    );
    const day = inZone("Asia/Tokyo", { dateStyle: "medium" });
    const dayAndTime = inZone("Asia/Tokyo", { dateStyle: "medium", timeStyle: "short" });
    // Tokyo is nine hours ahead: the 29th there.
    expect(day).toBe("Nov 29, 2026");
    expect(rendered).toBe(`<p><span>${day}</span><span>${dayAndTime}</span></p>`);
    expect(dates).toEqual({ "date 2026-11-28T16:30:00.000Z": day, "dateTime 2026-11-28T16:30:00.000Z": dayAndTime });
  });

  it("is written in UTC without a zone", () => {
    const { dates } = withServerPage({ config, language: "en" }, "http://localhost", () => renderToString(<Probe />));
    expect(dates["date 2026-11-28T16:30:00.000Z"]).toBe(inZone("UTC", { dateStyle: "medium" }));
  });

  it("hydrates with the server's text even where the browser words it otherwise, then reads as the browser's", async () => {
    // What a server whose Intl words dates differently from this browser's wrote.
    const serverDay = "29 Nov 2026";
    const serverTime = "29 Nov 2026, 01:30";
    const boot = {
      config,
      language: "en",
      timeZone: "Asia/Tokyo",
      dates: { "date 2026-11-28T16:30:00.000Z": serverDay, "dateTime 2026-11-28T16:30:00.000Z": serverTime },
    };
    const script = Object.assign(document.createElement("script"), {
      type: "application/json",
      id: bootElementId,
      textContent: JSON.stringify(boot),
    });
    const container = Object.assign(document.createElement("div"), {
      innerHTML: `<p><span>${serverDay}</span><span>${serverTime}</span></p>`,
    });
    document.body.append(script, container);
    // React's word for a first render that differs from the server's markup.
    const recoverable = vi.fn();
    await act(async () => {
      hydrateRoot(container, <Probe />, { onRecoverableError: recoverable });
      await Promise.resolve();
    });
    expect(recoverable).not.toHaveBeenCalled();
    // Then the browser's own words, in its own zone (this test's: whatever the machine's is).
    expect(container.textContent).toBe(
      `${new Intl.DateTimeFormat("en", { dateStyle: "medium" }).format(new Date(when))}${new Intl.DateTimeFormat("en", { dateStyle: "medium", timeStyle: "short" }).format(new Date(when))}`,
    );
  });
});

describe("rememberTimeZone", () => {
  it("keeps the browser's zone in the cookie the server reads", () => {
    rememberTimeZone();
    expect(timeZoneOfCookies(document.cookie)).toBe(new Intl.DateTimeFormat().resolvedOptions().timeZone);
  });
});
