// A Kratos session as the portal's answers show it (contract/schemas/users.ts: UserSession): its times, its
// level, and where it was used as a device and an address, never the user agent as sent. Manage Users'
// person's page and Account Settings' own list of sessions show the same.
import type { Session } from "@ory/client";
import { deviceOf } from "#contract/devices.js";
import type { UserSession } from "#contract/schemas/users.js";
import { ipAddressOf } from "../../ip-address.js";

export const sessionView = (session: Session): UserSession => ({
  id: session.id,
  authenticated_at: session.authenticated_at ?? null,
  expires_at: session.expires_at ?? null,
  aal: session.authenticator_assurance_level ?? "aal1",
  devices: (session.devices ?? []).map((device) => ({ device: deviceOf(device.user_agent), ip_address: ipAddressOf(device.ip_address) })),
});
