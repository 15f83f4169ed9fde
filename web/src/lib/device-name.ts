// A device in the reader's words: its browser and major version and its
// system, from the names contract/devices.ts knows ("Chrome 131 on Linux"),
// the unknown parts from the catalog. A user agent's own text never shows.
import { browserName, deviceOf, type Device } from "#contract/devices.js";
import { i18n } from "./i18n";

/** A device in words; without one (a session Kratos recorded none for), an unknown browser on an unknown system. */
export function deviceName(device: Device | undefined): string {
  return i18n.t("devices.on", {
    browser: (device && browserName(device)) || i18n.t("devices.unknownBrowser"),
    os: device?.os || i18n.t("devices.unknownSystem"),
  });
}

/** The device a user agent names (a Kratos session's), in the reader's words. */
export const userAgentName = (userAgent: string | undefined): string => deviceName(deviceOf(userAgent));
