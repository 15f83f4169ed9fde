// What the portal says about the device of a sign-in or a session, read from
// its user agent: the browser's family and major version and the system's
// family, each kept only when it is on the lists below. A user agent is text
// the client chose: bowser names an unknown product by its own token
// ("Visit helpdesk.example to unlock your account/1" is a "browser" to it),
// so no part of it ever reaches a mail or a page as it came. Whatever is not
// on a list is unknown, which each catalog words ("an unknown browser").
// The server (mails, activity, Manage Users) and the app (the sessions page)
// read devices here alike.
import Bowser from "bowser";

/** Browsers as bowser names them, which the portal names too. */
export const knownBrowsers = [
  "Chrome",
  "Chromium",
  "Firefox",
  "Safari",
  "Microsoft Edge",
  "Opera",
  "Brave",
  "Vivaldi",
  "Samsung Internet for Android",
  "DuckDuckGo",
  "Internet Explorer",
] as const;

/** Systems as bowser names them, which the portal names too. */
export const knownSystems = ["Windows", "macOS", "Linux", "Android", "iOS", "Chrome OS"] as const;

export type KnownBrowser = (typeof knownBrowsers)[number];
export type KnownSystem = (typeof knownSystems)[number];

/** A device as the portal shows it; "" where it is not known. */
export interface Device {
  browser: KnownBrowser | "";
  /** The browser's major version, digits only; "" without a known browser or version. */
  version: string;
  os: KnownSystem | "";
}

const isKnownBrowser = (name: unknown): name is KnownBrowser => (knownBrowsers as readonly unknown[]).includes(name);
const isKnownSystem = (name: unknown): name is KnownSystem => (knownSystems as readonly unknown[]).includes(name);

/** The device a user agent names, from bowser's parsed fields only. */
export function deviceOf(userAgent: string | undefined): Device {
  // Bowser refuses an empty user agent.
  if (!userAgent) return { browser: "", version: "", os: "" };
  const { browser, os } = Bowser.parse(userAgent);
  const known = isKnownBrowser(browser.name) ? browser.name : "";
  const major = /^(\d{1,4})(?:\.|$)/.exec(browser.version ?? "")?.[1] ?? "";
  return { browser: known, version: known === "" ? "" : major, os: isKnownSystem(os.name) ? os.name : "" };
}

/**
 * A device as the new-device rule remembers it: the browser and the system,
 * not the version, which every update changes.
 */
export const deviceKey = ({ browser, os }: Pick<Device, "browser" | "os">): string => `${browser}|${os}`;

/** A remembered device back into its parts; anything not on the lists (a store written by hand) is unknown. */
export function deviceOfKey(key: string): Device {
  const [browser, os] = key.split("|");
  return { browser: isKnownBrowser(browser) ? browser : "", version: "", os: isKnownSystem(os) ? os : "" };
}

/** The browser and its major version as the portal names them ("Chrome 131"); "" for an unknown browser. */
export const browserName = ({ browser, version }: Pick<Device, "browser" | "version">): string =>
  browser === "" ? "" : `${browser}${version === "" ? "" : ` ${version}`}`;
