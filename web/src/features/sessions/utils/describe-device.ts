// A readable name for the device a session was made on, from its user agent
// (bowser reads the browser and the operating system): "Chrome on Linux".
import Bowser from "bowser";
import { i18n } from "../../../lib/i18n";

export function describeUserAgent(userAgent: string | undefined): string {
  if (!userAgent) return i18n.t("sessions.unknownDevice");
  const { browser, os } = Bowser.parse(userAgent);
  if (browser.name && os.name) return i18n.t("sessions.deviceOn", { browser: browser.name, os: os.name });
  return browser.name || os.name || userAgent;
}
