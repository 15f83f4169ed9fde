// Kratos' messages in German, by message id: the same keys as kratos-en.ts.
import type { KratosCatalog } from "./kratos-en";

const dateTime = "datetime(dateStyle: medium; timeStyle: short)";

export const kratosDe = {
  "1010006": "Code aus Ihrer Authenticator-App",
  "1010007": "Backup-Code",
  "1010008": "Mit Sicherheitsschlüssel anmelden",
  "1010009": "Mit Authenticator-App anmelden",
  "1010010": "Mit Backup-Code anmelden",
  "1010011": "Mit Sicherheitsschlüssel anmelden",
  "1010022": "Mit Passwort anmelden",
  "1040008": "Zurück",
  "1070001": "Passwort",
  "1070003": "Speichern",
  "1040006": "Mit einem Code per E-Mail registrieren",
  "1040009": "Wählen Sie, wie Sie sich bei Ihrem neuen Konto anmelden.",
  password: { "1040001": "Mit Passwort registrieren" },
  profile: { "1040001": "Weiter" },
  "1050004": "Authenticator-App entfernen",
  "1050007": "Backup-Codes anzeigen",
  "1050008": "Neue Backup-Codes erzeugen",
  "1050010": "Ihre Backup-Codes. Bewahren Sie sie sicher auf: Jeder gilt einmal.",
  "1050011": "Backup-Codes bestätigen",
  "1050014": `Verwendet am {{used_at, ${dateTime}}}`,
  "1050016": "Backup-Codes abschalten",
  "1050020": `Passkey entfernen, hinzugefügt am {{added_at, ${dateTime}}}`,
  "4000012": "Dieser Backup-Code wurde schon verwendet.",
  "4000014": "Sie haben keine Backup-Codes eingerichtet.",
  "4000016": "Dieser Backup-Code ist nicht gültig.",
} satisfies KratosCatalog;
