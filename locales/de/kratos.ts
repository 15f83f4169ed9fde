// Kratos' texts in German (formal "Sie"), keyed by Kratos' message id, with the
// same keys and placeholders as en/kratos.ts. A key under a node group
// ("password", "profile") applies to that group only.
import type { KratosCatalog } from "../en/kratos.js";

const dateTime = "datetime(dateStyle: medium; timeStyle: short)";

export const kratos = {
  // Sign-in.
  "1010001": "Anmelden",
  "1010002": "Mit {{provider}} anmelden",
  "1010003": "Bestätigen Sie, dass Sie es sind, um fortzufahren.",
  "1010004": "Schließen Sie den zweiten Schritt ab, um sich anzumelden.",
  "1010005": "Bestätigen",
  "1010006": "Code aus Ihrer Authenticator-App",
  "1010007": "Backup-Code",
  "1010008": "Mit Sicherheitsschlüssel anmelden",
  "1010009": "Mit Authenticator-App anmelden",
  "1010010": "Mit Backup-Code anmelden",
  "1010011": "Mit Sicherheitsschlüssel anmelden",
  "1010012": "Halten Sie Ihren Sicherheitsschlüssel oder Fingerabdruckleser bereit und fahren Sie dann fort.",
  "1010013": "Weiter",
  "1010014":
    "Wir haben einen Code an die eingegebene E-Mail-Adresse gesendet. Falls er nicht ankommt, prüfen Sie die Adresse und versuchen Sie es erneut.",
  "1010015": "Anmeldecode senden",
  "1010016":
    "Sie wollten sich mit {{duplicate_identifier}} über {{provider}} anmelden, aber ein anderes Konto verwendet diese E-Mail-Adresse bereits. Melden Sie sich unten bei jenem Konto an, um {{provider}} als weitere Anmeldemethode hinzuzufügen.",
  "1010017": "Anmelden und verknüpfen",
  "1010018": "Mit {{provider}} bestätigen",
  "1010019": "Code zum Fortfahren anfordern",
  "1010021": "Mit Passkey anmelden",
  "1010022": "Mit Passwort anmelden",
  "1010023": "Code an {{address}} senden",

  // Registration.
  "1040001": "Registrieren",
  password: { "1040001": "Mit Passwort registrieren" },
  profile: { "1040001": "Weiter" },
  "1040002": "Mit {{provider}} registrieren",
  "1040003": "Weiter",
  "1040004": "Mit Sicherheitsschlüssel registrieren",
  "1040005":
    "Wir haben einen Code an die eingegebene E-Mail-Adresse gesendet. Falls er nicht ankommt, prüfen Sie die Adresse und versuchen Sie es erneut.",
  "1040006": "Mit einem Code per E-Mail registrieren",
  "1040007": "Mit Passkey registrieren",
  "1040008": "Zurück",
  "1040009": "Wählen Sie, wie Sie sich bei Ihrem neuen Konto anmelden werden.",

  // Account Settings.
  "1050001": "Ihre Änderungen sind gespeichert.",
  "1050002": "{{provider}} verknüpfen",
  "1050003": "Verknüpfung mit {{provider}} aufheben",
  "1050004": "Authenticator-App entfernen",
  "1050005": "QR-Code für die Authenticator-App",
  "1050006": "{{secret}}",
  "1050007": "Backup-Codes anzeigen",
  "1050008": "Neue Backup-Codes erzeugen",
  "1050009": "{{secret}}",
  "1050010": "Ihre Backup-Codes. Bewahren Sie sie an einem sicheren Ort auf: Jeder Code gilt nur einmal.",
  "1050011": "Backup-Codes bestätigen",
  "1050012": "Sicherheitsschlüssel hinzufügen",
  "1050013": "Name des Sicherheitsschlüssels",
  "1050014": `Verwendet am {{used_at, ${dateTime}}}`,
  "1050015": "Ihre Backup-Codes",
  "1050016": "Backup-Codes deaktivieren",
  "1050017": "Der geheime Schlüssel für Ihre Authenticator-App. Geben Sie ihn in der App ein, falls Sie den QR-Code nicht scannen können.",
  "1050018": "Sicherheitsschlüssel „{{display_name}}“ entfernen",
  "1050019": "Passkey hinzufügen",
  "1050020": `Passkey vom {{added_at, ${dateTime}}} entfernen`,

  // Recovery.
  "1060001": `Ihr Konto ist wiederhergestellt. Ändern Sie bis {{privileged_session_expires_at, ${dateTime}}} Ihr Passwort oder richten Sie eine weitere Anmeldemethode ein.`,
  invitation: {
    "1060001": `Willkommen: Ihre Einladung ist angenommen. Wählen Sie bis {{privileged_session_expires_at, ${dateTime}}} Ihr Passwort, um Ihr Konto fertig einzurichten.`,
  },
  "1060002":
    "Wir haben einen Wiederherstellungslink an die eingegebene E-Mail-Adresse gesendet. Falls er nicht ankommt, prüfen Sie die Adresse und ob Sie sich mit dieser registriert haben.",
  "1060003":
    "Wir haben einen Wiederherstellungscode an die eingegebene E-Mail-Adresse gesendet. Falls er nicht ankommt, prüfen Sie die Adresse und ob Sie sich mit dieser registriert haben.",

  // Form fields and buttons of every flow.
  "1070001": "Passwort",
  "1070002": "{{title}}",
  "1070003": "Speichern",
  "1070004": "ID",
  "1070005": "Senden",
  "1070006": "Code prüfen",
  "1070007": "E-Mail",
  "1070008": "Code erneut senden",
  "1070009": "Weiter",
  "1070010": "Wiederherstellungscode",
  "1070011": "Verifizierungscode",
  "1070012": "Registrierungscode",
  "1070013": "Anmeldecode",
  "1070014": "Anmelden und Konto verknüpfen",
  "1070015": "Lösen Sie das Captcha, um fortzufahren.",

  // Verification.
  "1080001":
    "Wir haben einen Verifizierungslink an die eingegebene E-Mail-Adresse gesendet. Falls er nicht ankommt, prüfen Sie die Adresse und ob Sie sich mit dieser registriert haben.",
  "1080002": "Ihre E-Mail-Adresse ist verifiziert.",
  "1080003":
    "Wir haben einen Verifizierungscode an die eingegebene E-Mail-Adresse gesendet. Falls er nicht ankommt, prüfen Sie die Adresse und ob Sie sich mit dieser registriert haben.",

  // Errors in a field or a form.
  "4000001": "{{reason}}",
  "4000002": "Füllen Sie dieses Feld aus.",
  "4000003": "Verwenden Sie mindestens {{min_length}} Zeichen.",
  "4000004": "Geben Sie einen Wert im erwarteten Format ein.",
  "4000005": "Dieses Passwort können Sie nicht verwenden: {{reason}}.",
  breachCheck: {
    "4000005": "Wir können dieses Passwort gerade nicht mit bekannten Datenlecks abgleichen. Versuchen Sie es in einigen Minuten erneut.",
  },
  "4000006": "Die Anmeldedaten stimmen nicht. Prüfen Sie E-Mail-Adresse und Passwort auf Tippfehler.",
  "4000007": "Es gibt bereits ein Konto mit dieser E-Mail-Adresse.",
  "4000008": "Dieser Code aus Ihrer Authenticator-App ist ungültig. Versuchen Sie es erneut.",
  "4000009":
    "Ihr Konto hat keine E-Mail-Adresse, mit der Sie sich anmelden können. Das kann an einem Fehler in der Konfiguration des Servers liegen.",
  "4000010": "Ihr Konto ist noch nicht aktiv. Verifizieren Sie zuerst Ihre E-Mail-Adresse.",
  "4000011": "Sie haben keine Authenticator-App eingerichtet.",
  "4000012": "Dieser Backup-Code wurde bereits verwendet.",
  "4000013": "Sie haben keinen Sicherheitsschlüssel eingerichtet.",
  "4000014": "Sie haben keine Backup-Codes eingerichtet.",
  "4000015": "Dieses Konto gibt es nicht, oder es hat keinen Sicherheitsschlüssel eingerichtet.",
  "4000016": "Dieser Backup-Code ist ungültig.",
  "4000017": "Verwenden Sie höchstens {{max_length}} Zeichen.",
  "4000018": "Geben Sie {{minimum}} oder mehr ein.",
  "4000019": "Geben Sie mehr als {{minimum}} ein.",
  "4000020": "Geben Sie {{maximum}} oder weniger ein.",
  "4000021": "Geben Sie weniger als {{maximum}} ein.",
  "4000022": "Geben Sie ein Vielfaches von {{base}} ein.",
  "4000023": "Wählen Sie höchstens {{max_items}} aus.",
  "4000024": "Wählen Sie mindestens {{min_items}} aus.",
  "4000025": "Die Einträge müssen sich alle unterscheiden.",
  "4000026": "Dieser Wert hat den falschen Typ.",
  "4000027":
    "Es gibt bereits ein Konto mit dieser E-Mail-Adresse. Melden Sie sich zuerst dort an, um Ihr Konto beim externen Anbieter damit zu verknüpfen.",
  "4000028": "Ein anderes Konto verwendet diese E-Mail-Adresse bereits. Melden Sie sich stattdessen bei jenem Konto an.",
  "4000029": "Dieser Wert ist nicht erlaubt.",
  "4000030": "Dieser Wert ist nicht erlaubt.",
  "4000031": "Dieses Passwort ähnelt Ihrer E-Mail-Adresse zu sehr.",
  "4000032": "Ihr Passwort muss mindestens {{min_length}} Zeichen haben.",
  "4000033": "Ihr Passwort darf höchstens {{max_length}} Zeichen haben.",
  "4000034": "Dieses Passwort ist in einem Datenleck aufgetaucht. Wählen Sie ein anderes.",
  "4000035": "Dieses Konto gibt es nicht, oder es hat keine Anmeldung per Code eingerichtet.",
  "4000036": "Diese Angaben stimmen nicht mit denen überein, die Sie zuvor in diesem Formular eingegeben haben.",
  "4000037": "Dieses Konto gibt es nicht, oder es hat keine Anmeldemethode eingerichtet.",
  "4000038": "Die Captcha-Prüfung ist fehlgeschlagen. Versuchen Sie es erneut.",

  // Errors of a whole flow.
  "4010001": `Diese Anmeldeseite ist am {{expired_at, ${dateTime}}} abgelaufen. Versuchen Sie es erneut.`,
  "4010002": "Wir konnten nicht erkennen, wie Sie sich anmelden möchten. Prüfen Sie das Formular und versuchen Sie es erneut.",
  "4010003": "Wir konnten nicht erkennen, wie Sie sich registrieren möchten. Prüfen Sie das Formular und versuchen Sie es erneut.",
  "4010004": "Wir konnten nicht erkennen, welche Einstellung Sie ändern möchten. Prüfen Sie das Formular und versuchen Sie es erneut.",
  "4010005": "Wir konnten nicht erkennen, wie Sie Ihr Konto wiederherstellen möchten. Prüfen Sie das Formular und versuchen Sie es erneut.",
  "4010006": "Wir konnten nicht erkennen, wie Sie Ihr Konto verifizieren möchten. Prüfen Sie das Formular und versuchen Sie es erneut.",
  "4010007": "Das wurde bereits erledigt und lässt sich nicht noch einmal ausführen.",
  "4010008": "Dieser Anmeldecode ist ungültig oder wurde bereits verwendet. Versuchen Sie es erneut.",
  "4010009": "Die Anmeldedaten zum Verknüpfen stimmen nicht überein.",
  "4010010": "Diese Adresse gehört nicht zu Ihrem Konto.",
  "4040001": `Diese Registrierungsseite ist am {{expired_at, ${dateTime}}} abgelaufen. Versuchen Sie es erneut.`,
  "4040002": "Das wurde bereits erledigt und lässt sich nicht noch einmal ausführen.",
  "4040003": "Dieser Registrierungscode ist ungültig oder wurde bereits verwendet. Versuchen Sie es erneut.",
  "4050001": `Diese Einstellungsseite ist am {{expired_at, ${dateTime}}} abgelaufen. Versuchen Sie es erneut.`,
  "4060001": "Das wurde bereits erledigt und lässt sich nicht noch einmal ausführen.",
  "4060002": "Die Wiederherstellung des Kontos ist fehlgeschlagen. Beginnen Sie von vorn.",
  "4060004": "Dieser Wiederherstellungslink ist ungültig oder wurde bereits verwendet. Beginnen Sie von vorn.",
  "4060005": `Diese Wiederherstellungsseite ist am {{expired_at, ${dateTime}}} abgelaufen. Versuchen Sie es erneut.`,
  "4060006": "Dieser Wiederherstellungscode ist ungültig oder wurde bereits verwendet. Versuchen Sie es erneut.",
  "4070001": "Dieser Verifizierungslink ist ungültig oder wurde bereits verwendet. Beginnen Sie von vorn.",
  "4070002": "Das wurde bereits erledigt und lässt sich nicht noch einmal ausführen.",
  "4070003": "Die Verifizierung ist fehlgeschlagen. Beginnen Sie von vorn.",
  "4070005": `Diese Verifizierungsseite ist am {{expired_at, ${dateTime}}} abgelaufen. Versuchen Sie es erneut.`,
  "4070006": "Dieser Verifizierungscode ist ungültig oder wurde bereits verwendet. Versuchen Sie es erneut.",

  // A system error: Kratos' own reason, in English.
  "5000001": "{{reason}}",
} satisfies KratosCatalog;
