// The portal's security mails in English, keyed by message id. Each text is
// written here once; a language is another file of the same shape.
import { browserName } from "#contract/devices.js";
import type { MailCatalog } from "../../server/src/mail/types.js";

const methodNames = {
  totp: "an authenticator app",
  webauthn: "a security key",
  passkey: "a passkey",
  lookup_secret: "backup codes",
} as const;

const notYou = (settingsUrl: string) =>
  `If this was not you, sign in at ${settingsUrl}, sign out everywhere under Recent security activity and change your password at once.`;

export const mail: MailCatalog = {
  sign_in_new_device: {
    subject: "New sign-in to your account",
    text: ({ browser, version, os, ip, at, settingsUrl }) =>
      `Your account was signed in to from a device it had not used before.\n\nDevice: ${browserName({ browser, version }) || "an unknown browser"} on ${os || "an unknown system"}\nIP address: ${ip || "unknown"}\nTime: ${at}\n\n${notYou(settingsUrl)}`,
  },
  password_changed: {
    subject: "Your password was changed",
    text: ({ at, settingsUrl }) => `The password of your account was changed on ${at}.\n\n${notYou(settingsUrl)}`,
  },
  second_factor_added: {
    subject: "A second factor was added to your account",
    text: ({ method, at, settingsUrl }) =>
      `Your account has a new second factor, ${methodNames[method]}, set up on ${at}.\n\n${notYou(settingsUrl)}`,
  },
  second_factor_removed: {
    subject: "A second factor was removed from your account",
    text: ({ method, at, settingsUrl }) =>
      `A second factor of your account, ${methodNames[method]}, was removed on ${at}.\n\n${notYou(settingsUrl)}`,
  },
  email_changed: {
    subject: "Your email address was changed",
    text: ({ from, to, at, settingsUrl }) =>
      `The email address of your account was changed from ${from} to ${to} on ${at}. Mail about your account now goes to ${to}.\n\n${notYou(settingsUrl)}`,
  },
  provider_linked: {
    subject: "A sign-in provider was linked to your account",
    text: ({ provider, at, settingsUrl }) =>
      `You can now sign in to your account with ${provider}: it was linked on ${at}.\n\n${notYou(settingsUrl)}`,
  },
  provider_unlinked: {
    subject: "A sign-in provider was unlinked from your account",
    text: ({ provider, at, settingsUrl }) =>
      `${provider} was unlinked from your account on ${at}: it no longer signs you in.\n\n${notYou(settingsUrl)}`,
  },
  recovery_used: {
    subject: "Your account was recovered",
    text: ({ at, settingsUrl }) => `Someone regained access to your account with a recovery code on ${at}.\n\n${notYou(settingsUrl)}`,
  },
  sign_in_locked: {
    subject: "Sign-in to your account is paused",
    text: ({ at, until, recoveryUrl }) =>
      `On ${at}, too many wrong passwords were tried for your account, so signing in with a password is paused until ${until} on every browser you have not signed in from before. Your password was not revealed, and browsers you already use can still sign in.\n\nIf it was you: wait until ${until}, or set a new password with a code sent to this address at ${recoveryUrl}\n\nIf it was not you: someone may know your address and be guessing. Choose a long password you use nowhere else, and add a second factor in your account's settings.`,
  },
  account_deleted: {
    subject: "Your account was deleted",
    text: ({ at }) =>
      `Your account was deleted on ${at}, as you asked. Its sessions ended and the applications you had connected lost their access. Nothing of it can be restored.\n\nIf you did not ask for this, reply to this mail.`,
  },
  account_deleted_by_admin: {
    subject: "Your account was deleted",
    text: ({ at }) =>
      `An administrator deleted your account on ${at}. Its sessions ended and the applications you had connected lost their access. Nothing of it can be restored.\n\nIf you did not expect this, reply to this mail.`,
  },
  role_granted: {
    subject: "You were given a role in the portal",
    text: ({ role, at, settingsUrl }) =>
      `An administrator gave your account the role "${role}" on ${at}. It shows the next time you open the portal (${settingsUrl}).\n\nIf you did not expect this, reply to this mail.`,
  },
  role_revoked: {
    subject: "A role of yours in the portal was removed",
    text: ({ role, at, settingsUrl }) =>
      `An administrator took the role "${role}" away from your account on ${at}. It shows the next time you open the portal (${settingsUrl}).\n\nIf you did not expect this, reply to this mail.`,
  },
  account_deactivated: {
    subject: "Your account was deactivated",
    text: ({ at }) =>
      `An administrator deactivated your account on ${at}. It was signed out everywhere and cannot sign in until it is reactivated.\n\nIf you did not expect this, reply to this mail.`,
  },
  account_reactivated: {
    subject: "Your account was reactivated",
    text: ({ at, settingsUrl }) => `An administrator reactivated your account on ${at}. You can sign in again at ${settingsUrl}.`,
  },
  /** Below every mail, when the operator gave a support contact (BRAND_SUPPORT, docs/branding.md). */
  footer: {
    support: (contact) => `Help: ${contact}`,
  },
  /** A security mail's one-time undo link (server/src/services/undo.ts), below the mail's text. */
  undo: (link) =>
    `Did you not make this change? Undo it with this link, once, within 7 days: ${link}\nUndoing signs your account out everywhere, takes back what was changed since and mails you a code to choose a new password.`,
  change_undone: {
    subject: "The change to your account was undone",
    text: ({ at, code, link, until }) =>
      `A change to your account was undone on ${at}, from the link in our mail. The account was signed out everywhere, mail about it goes to this address again, and what was added since the change was removed.\n\nYour recovery code: ${code}\n\nEnter it at ${link} before ${until}, then choose a new password. If the code has run out, ask for a new one on the recovery page with this address.`,
  },
  invitation: {
    subject: "You are invited to an account",
    text: ({ inviter, site, until, link }) =>
      `${inviter} invited you to an account at ${site}.\n\nOpen this link to accept and choose your password:\n${link}\n\nThe link works once, until ${until}. If it has run out, ask ${inviter} for a new one. If you did not expect this invitation, ignore this mail: nothing happens without you.`,
  },
  invitation_accepted: {
    subject: "Your invitation was accepted",
    text: ({ invitee, at, usersUrl }) => `${invitee} accepted your invitation on ${at} and can now sign in.\n\nManage Users: ${usersUrl}`,
  },
  /** The product's name, above and below every mail, when the operator gave none (docs/branding.md). */
  productName: "Account",
  /** Kratos' code mails: npm run courier-templates writes config/kratos/courier-templates from these. */
  kratos: {
    recovery_code: {
      subject: "Recover access to your account",
      code: (code) => `Your code to recover access to your account: ${code}`,
      text: "Enter it on the recovery page. If you did not ask to recover your account, you can ignore this mail: your password stays as it is.",
    },
    verification_code: {
      subject: "Verify your email address",
      code: (code) => `Your code to verify this email address: ${code}`,
      text: "Enter it on the page where you asked for it. If you did not ask for it, you can ignore this mail.",
      link: (link) => `Or open this link, on any device: ${link}`,
    },
    login_code: {
      subject: "Your sign-in code",
      code: (code) => `Your code to sign in: ${code}`,
      text: "Enter it on the sign-in page. If you did not try to sign in, you can ignore this mail.",
    },
    registration_code: {
      subject: "Your code to create an account",
      code: (code) => `Your code to finish creating your account: ${code}`,
      text: "Enter it on the sign-up page. If you did not try to create an account, you can ignore this mail.",
    },
  },
};
