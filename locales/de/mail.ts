// The portal's security mails in German (formal "Sie"), keyed by message id,
// in the shape of en/mail.ts.
import { browserName } from "#contract/devices.js";
import type { MailCatalog } from "../../server/src/mail/types.js";

// Said after a colon, without an article: "…eingerichtet: Passkey."
const methodNames = {
  totp: "Authenticator-App",
  webauthn: "Sicherheitsschlüssel",
  passkey: "Passkey",
  lookup_secret: "Backup-Codes",
} as const;

const notYou = (settingsUrl: string) =>
  `Falls Sie das nicht waren, melden Sie sich auf ${settingsUrl} an, melden Sie sich unter „Letzte Sicherheitsaktivitäten“ überall ab und ändern Sie sofort Ihr Passwort.`;

export const mail: MailCatalog = {
  sign_in_new_device: {
    subject: "Neue Anmeldung bei Ihrem Konto",
    text: ({ browser, version, os, ip, at, settingsUrl }) =>
      `Bei Ihrem Konto gab es eine Anmeldung von einem Gerät, das bisher noch nie dafür verwendet wurde.\n\nGerät: ${browserName({ browser, version }) || "Unbekannter Browser"} unter ${os || "unbekanntem System"}\nIP-Adresse: ${ip || "unbekannt"}\nZeitpunkt: ${at}\n\n${notYou(settingsUrl)}`,
  },
  password_changed: {
    subject: "Ihr Passwort wurde geändert",
    text: ({ at, settingsUrl }) => `Das Passwort Ihres Kontos wurde am ${at} geändert.\n\n${notYou(settingsUrl)}`,
  },
  second_factor_added: {
    subject: "Neuer zweiter Faktor für Ihr Konto",
    text: ({ method, at, settingsUrl }) =>
      `Für Ihr Konto wurde am ${at} ein neuer zweiter Faktor eingerichtet: ${methodNames[method]}.\n\n${notYou(settingsUrl)}`,
  },
  second_factor_removed: {
    subject: "Ein zweiter Faktor wurde aus Ihrem Konto entfernt",
    text: ({ method, at, settingsUrl }) =>
      `Ein zweiter Faktor Ihres Kontos wurde am ${at} entfernt: ${methodNames[method]}.\n\n${notYou(settingsUrl)}`,
  },
  email_changed: {
    subject: "Ihre E-Mail-Adresse wurde geändert",
    text: ({ from, to, at, settingsUrl }) =>
      `Die E-Mail-Adresse Ihres Kontos wurde am ${at} von ${from} in ${to} geändert. E-Mails zu Ihrem Konto gehen jetzt an ${to}.\n\n${notYou(settingsUrl)}`,
  },
  provider_linked: {
    subject: "Ein Anmeldedienst wurde mit Ihrem Konto verknüpft",
    text: ({ provider, at, settingsUrl }) =>
      `Sie können sich jetzt mit ${provider} bei Ihrem Konto anmelden: Die Verknüpfung wurde am ${at} hergestellt.\n\n${notYou(settingsUrl)}`,
  },
  provider_unlinked: {
    subject: "Ein Anmeldedienst wurde von Ihrem Konto getrennt",
    text: ({ provider, at, settingsUrl }) =>
      `Die Verknüpfung Ihres Kontos mit ${provider} wurde am ${at} aufgehoben: Sie können sich damit nicht mehr anmelden.\n\n${notYou(settingsUrl)}`,
  },
  recovery_used: {
    subject: "Ihr Konto wurde wiederhergestellt",
    text: ({ at, settingsUrl }) =>
      `Am ${at} hat jemand mit einem Wiederherstellungscode wieder Zugang zu Ihrem Konto erhalten.\n\n${notYou(settingsUrl)}`,
  },
  sign_in_locked: {
    subject: "Die Anmeldung bei Ihrem Konto ist pausiert",
    text: ({ at, until, recoveryUrl }) =>
      `Am ${at} wurden für Ihr Konto zu viele falsche Passwörter versucht. Deshalb ist die Anmeldung mit Passwort bis ${until} in jedem Browser pausiert, in dem Sie sich noch nie angemeldet haben. Ihr Passwort wurde nicht preisgegeben, und Browser, die Sie bereits nutzen, können sich weiterhin anmelden.\n\nWaren Sie das: Warten Sie bis ${until}, oder legen Sie unter ${recoveryUrl} mit einem Code an diese Adresse ein neues Passwort fest.\n\nWaren Sie das nicht: Jemand kennt vielleicht Ihre Adresse und rät. Wählen Sie ein langes Passwort, das Sie nirgends sonst verwenden, und richten Sie in den Kontoeinstellungen einen zweiten Faktor ein.`,
  },
  account_deleted: {
    subject: "Ihr Konto wurde gelöscht",
    text: ({ at }) =>
      `Ihr Konto wurde am ${at} wie gewünscht gelöscht. Seine Sitzungen wurden beendet, und die Anwendungen, die Sie verbunden hatten, haben ihren Zugriff verloren. Nichts davon lässt sich wiederherstellen.\n\nFalls Sie das nicht veranlasst haben, antworten Sie auf diese E-Mail.`,
  },
  account_deleted_by_admin: {
    subject: "Ihr Konto wurde gelöscht",
    text: ({ at }) =>
      `Ein Administrator hat Ihr Konto am ${at} gelöscht. Seine Sitzungen wurden beendet, und die Anwendungen, die Sie verbunden hatten, haben ihren Zugriff verloren. Nichts davon lässt sich wiederherstellen.\n\nFalls Sie damit nicht gerechnet haben, antworten Sie auf diese E-Mail.`,
  },
  role_granted: {
    subject: "Sie haben eine Rolle im Portal erhalten",
    text: ({ role, at, settingsUrl }) =>
      `Ein Administrator hat Ihrem Konto am ${at} die Rolle „${role}“ gegeben. Sie wird wirksam, wenn Sie das Portal das nächste Mal öffnen (${settingsUrl}).\n\nFalls Sie damit nicht gerechnet haben, antworten Sie auf diese E-Mail.`,
  },
  role_revoked: {
    subject: "Eine Ihrer Rollen im Portal wurde entfernt",
    text: ({ role, at, settingsUrl }) =>
      `Ein Administrator hat Ihrem Konto am ${at} die Rolle „${role}“ entzogen. Das wird wirksam, wenn Sie das Portal das nächste Mal öffnen (${settingsUrl}).\n\nFalls Sie damit nicht gerechnet haben, antworten Sie auf diese E-Mail.`,
  },
  account_deactivated: {
    subject: "Ihr Konto wurde deaktiviert",
    text: ({ at }) =>
      `Ein Administrator hat Ihr Konto am ${at} deaktiviert. Es wurde überall abgemeldet und kann sich erst wieder anmelden, wenn es reaktiviert wird.\n\nFalls Sie damit nicht gerechnet haben, antworten Sie auf diese E-Mail.`,
  },
  account_reactivated: {
    subject: "Ihr Konto wurde reaktiviert",
    text: ({ at, settingsUrl }) =>
      `Ein Administrator hat Ihr Konto am ${at} reaktiviert. Sie können sich wieder auf ${settingsUrl} anmelden.`,
  },
  footer: {
    support: (contact) => `Hilfe: ${contact}`,
  },
  /** A security mail's one-time undo link (server/src/services/undo.ts), below the mail's text. */
  undo: (link) =>
    `Haben Sie das nicht geändert? Machen Sie es mit diesem Link rückgängig, einmalig und innerhalb von 7 Tagen: ${link}\nDas Rückgängigmachen meldet Ihr Konto überall ab, nimmt zurück, was seitdem geändert wurde, und schickt Ihnen einen Code, mit dem Sie ein neues Passwort wählen.`,
  change_undone: {
    subject: "Die Änderung an Ihrem Konto wurde rückgängig gemacht",
    text: ({ at, code, link, until }) =>
      `Eine Änderung an Ihrem Konto wurde am ${at} über den Link in unserer E-Mail rückgängig gemacht. Das Konto wurde überall abgemeldet, E-Mails dazu gehen wieder an diese Adresse, und was seit der Änderung hinzugefügt wurde, ist entfernt.\n\nIhr Wiederherstellungscode: ${code}\n\nGeben Sie ihn bis ${until} unter ${link} ein und wählen Sie dann ein neues Passwort. Ist der Code abgelaufen, fordern Sie auf der Wiederherstellungsseite mit dieser Adresse einen neuen an.`,
  },
  invitation: {
    subject: "Sie wurden zu einem Konto eingeladen",
    text: ({ inviter, site, until, link }) =>
      `${inviter} hat Sie zu einem Konto bei ${site} eingeladen.\n\nÖffnen Sie diesen Link, um die Einladung anzunehmen und Ihr Passwort zu wählen:\n${link}\n\nDer Link gilt einmal, bis ${until}. Ist er abgelaufen, bitten Sie ${inviter} um einen neuen. Wenn Sie diese Einladung nicht erwartet haben, ignorieren Sie diese Mail: Ohne Sie geschieht nichts.`,
  },
  invitation_accepted: {
    subject: "Ihre Einladung wurde angenommen",
    text: ({ invitee, at, usersUrl }) =>
      `${invitee} hat Ihre Einladung am ${at} angenommen und kann sich jetzt anmelden.\n\nBenutzer verwalten: ${usersUrl}`,
  },
  /** The product's name, above and below every mail, when the operator gave none (docs/branding.md). */
  productName: "Konto",
  /** Kratos' code mails: npm run courier-templates writes config/kratos/courier-templates from these. */
  kratos: {
    recovery_code: {
      subject: "Zugang zu Ihrem Konto wiederherstellen",
      code: (code) => `Ihr Code, um wieder Zugang zu Ihrem Konto zu erhalten: ${code}`,
      text: "Geben Sie ihn auf der Wiederherstellungsseite ein. Falls Sie keine Wiederherstellung angefordert haben, können Sie diese E-Mail ignorieren: Ihr Passwort bleibt, wie es ist.",
    },
    verification_code: {
      subject: "Bestätigen Sie Ihre E-Mail-Adresse",
      code: (code) => `Ihr Code zur Bestätigung dieser E-Mail-Adresse: ${code}`,
      text: "Geben Sie ihn auf der Seite ein, auf der Sie ihn angefordert haben. Falls Sie ihn nicht angefordert haben, können Sie diese E-Mail ignorieren.",
      link: (link) => `Oder öffnen Sie diesen Link, auch auf einem anderen Gerät: ${link}`,
    },
    login_code: {
      subject: "Ihr Anmeldecode",
      code: (code) => `Ihr Code zum Anmelden: ${code}`,
      text: "Geben Sie ihn auf der Anmeldeseite ein. Falls Sie sich nicht anmelden wollten, können Sie diese E-Mail ignorieren.",
    },
    registration_code: {
      subject: "Ihr Code zur Kontoerstellung",
      code: (code) => `Ihr Code, um die Erstellung Ihres Kontos abzuschließen: ${code}`,
      text: "Geben Sie ihn auf der Registrierungsseite ein. Falls Sie kein Konto erstellen wollten, können Sie diese E-Mail ignorieren.",
    },
  },
};
