// Device cookies (OWASP's "Slow down online guessing attacks with device
// cookies"): a browser in which an account's owner signed in gets a signed,
// HttpOnly cookie that names the account and this browser. A sign-in that
// shows one is counted against that browser alone, so that guesses from
// everywhere else lock the account for unknown browsers only, never for its
// owner's.
//
// The cookie holds no secret of the account: a hash of the account key, a
// random id of the browser and its expiry, signed with DEVICE_COOKIE_SECRET
// (HMAC-SHA256). Every portal that shares a Redis must share that secret.
import { createHash, createHmac, randomBytes, timingSafeEqual } from "node:crypto";

export const deviceCookieName = "portal_device";

/** How long a browser stays known after the sign-in that made it so. */
export const deviceCookieSeconds = 180 * 24 * 3600;

export interface DeviceCookies {
  /** The Set-Cookie value that makes this browser known for the account. */
  issue(account: string): string;
  /** The browser's id if the cookie header holds a valid device cookie for this account. */
  deviceFor(cookieHeader: string | undefined, account: string): string | undefined;
}

const accountTag = (account: string) => createHash("sha256").update(account).digest("base64url").slice(0, 22);

export function deviceCookies(secret: string | undefined, secureCookies: boolean): DeviceCookies {
  // Without a configured secret the cookies hold only for this process's life (docs/configuration.md: DEVICE_COOKIE_SECRET).
  const key = secret ?? randomBytes(32).toString("hex");
  const mac = (payload: string) => createHmac("sha256", key).update(payload).digest("base64url");

  return {
    issue(account) {
      const expires = Math.floor(Date.now() / 1000) + deviceCookieSeconds;
      const payload = `v1.${accountTag(account)}.${randomBytes(16).toString("base64url")}.${expires}`;
      // Sent with Kratos' flow submissions only: that is where it is read.
      return [
        `${deviceCookieName}=${payload}.${mac(payload)}`,
        "Path=/kratos/self-service",
        `Max-Age=${deviceCookieSeconds}`,
        "HttpOnly",
        "SameSite=Lax",
        ...(secureCookies ? ["Secure"] : []),
      ].join("; ");
    },

    deviceFor(cookieHeader, account) {
      for (const part of cookieHeader?.split(";") ?? []) {
        const equals = part.indexOf("=");
        if (equals < 0 || part.slice(0, equals).trim() !== deviceCookieName) continue;
        const fields = part
          .slice(equals + 1)
          .trim()
          .split(".");
        if (fields.length !== 5) continue;
        const [version, tag, device, expires, signature] = fields as [string, string, string, string, string];
        const expected = Buffer.from(mac(`${version}.${tag}.${device}.${expires}`));
        const given = Buffer.from(signature);
        if (given.length !== expected.length || !timingSafeEqual(given, expected)) continue;
        if (version !== "v1" || tag !== accountTag(account) || Number(expires) * 1000 < Date.now()) continue;
        return device;
      }
      return undefined;
    },
  };
}
