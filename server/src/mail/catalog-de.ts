// The portal's security mails in German: the same shape as catalog-en.ts.
import type { MailCatalog } from "./messages.js";

const methodNames = {
  totp: "eine Authenticator-App",
  webauthn: "ein Sicherheitsschlüssel",
  passkey: "ein Passkey",
  lookup_secret: "Backup-Codes",
} as const;

const notYou = (settingsUrl: string) =>
  `Falls Sie das nicht waren, melden Sie sich unter ${settingsUrl} an, melden Sie unter „Letzte Sicherheitsaktivität“ alle Geräte ab und ändern Sie sofort Ihr Passwort.`;

export const de: MailCatalog = {
  sign_in_new_device: {
    subject: "Neue Anmeldung bei Ihrem Konto",
    text: ({ browser, os, ip, at, settingsUrl }) =>
      `Bei Ihrem Konto hat sich ein Gerät angemeldet, das es noch nie benutzt hat.\n\nGerät: ${browser || "ein unbekannter Browser"} unter ${os || "einem unbekannten System"}\nIP-Adresse: ${ip}\nZeit: ${at}\n\n${notYou(settingsUrl)}`,
  },
  password_changed: {
    subject: "Ihr Passwort wurde geändert",
    text: ({ at, settingsUrl }) => `Das Passwort Ihres Kontos wurde am ${at} geändert.\n\n${notYou(settingsUrl)}`,
  },
  second_factor_added: {
    subject: "Ihrem Konto wurde ein zweiter Faktor hinzugefügt",
    text: ({ method, at, settingsUrl }) =>
      `Ihr Konto hat einen neuen zweiten Faktor, ${methodNames[method]}, eingerichtet am ${at}.\n\n${notYou(settingsUrl)}`,
  },
  second_factor_removed: {
    subject: "Ein zweiter Faktor wurde von Ihrem Konto entfernt",
    text: ({ method, at, settingsUrl }) =>
      `Ein zweiter Faktor Ihres Kontos, ${methodNames[method]}, wurde am ${at} entfernt.\n\n${notYou(settingsUrl)}`,
  },
  email_changed: {
    subject: "Ihre E-Mail-Adresse wurde geändert",
    text: ({ from, to, at, settingsUrl }) =>
      `Die E-Mail-Adresse Ihres Kontos wurde am ${at} von ${from} in ${to} geändert. E-Mails zu Ihrem Konto gehen jetzt an ${to}.\n\n${notYou(settingsUrl)}`,
  },
  recovery_used: {
    subject: "Ihr Konto wurde wiederhergestellt",
    text: ({ at, settingsUrl }) =>
      `Jemand hat am ${at} mit einem Wiederherstellungscode wieder Zugang zu Ihrem Konto erhalten.\n\n${notYou(settingsUrl)}`,
  },
  account_deleted: {
    subject: "Ihr Konto wurde gelöscht",
    text: ({ at }) =>
      `Ihr Konto wurde am ${at} gelöscht, wie Sie es wollten. Seine Sitzungen wurden beendet, und die Anwendungen, die Sie verbunden hatten, haben ihren Zugriff verloren. Nichts davon lässt sich wiederherstellen.\n\nFalls Sie das nicht veranlasst haben, antworten Sie auf diese E-Mail.`,
  },
};
