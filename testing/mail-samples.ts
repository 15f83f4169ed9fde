// A value for every parameter of every mail of the portal's
// (server/src/mail/types.ts: MailParams), for the tests that render each
// mail: the server's (every language says every value) and the browser's
// (every mail drawn, light, dark and in Arabic). The tests type them as
// MailParams, which this folder does not import.

/** What the tests choose: as markers to find again, or as a reader would see them. */
export interface SampleValues {
  at: string;
  until: string;
  code: string;
  provider: string;
}

export function mailSamples({ at, until, code, provider }: SampleValues) {
  const settingsUrl = "https://account.example/settings";
  const undoLink = "https://account.example/undo?token=U";
  return {
    sign_in_new_device: { browser: "Firefox", version: "133", os: "Windows", ip: "203.0.113.9", at, settingsUrl },
    password_changed: { at, settingsUrl, undoLink },
    second_factor_added: { method: "totp", at, settingsUrl },
    second_factor_removed: { method: "passkey", at, settingsUrl },
    email_changed: { from: "old@example.com", to: "new@example.com", at, settingsUrl, undoLink },
    recovery_used: { at, settingsUrl },
    sign_in_locked: { at, until, recoveryUrl: "https://account.example/recovery" },
    provider_linked: { provider, at, settingsUrl },
    provider_unlinked: { provider, at, settingsUrl },
    account_deleted: { at },
    account_deleted_by_admin: { at },
    role_granted: { role: "admin", at, settingsUrl },
    role_revoked: { role: "admin", at, settingsUrl },
    account_deactivated: { at },
    account_reactivated: { at, settingsUrl },
    invitation: {
      inviter: "Grace Admin (grace@example.com)",
      site: "account.example",
      until,
      link: "https://account.example/invitation?token=T",
    },
    invitation_accepted: { invitee: "ada@example.com", at, usersUrl: "https://account.example/manage-users" },
    change_undone: { at, code, link: "https://account.example/recovery?flow=F", until },
  } as const;
}
