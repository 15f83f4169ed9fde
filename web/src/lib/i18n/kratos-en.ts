// Kratos' own texts that we word differently, keyed by Kratos' message id
// (text/id.go of Kratos v1.3.1). A key under a node group ("password",
// "profile", …) applies to that group only: Kratos gives the first
// registration screen's "Continue" and the password's "Sign up" one id.
// Values may use the message's context, e.g. {{added_at, datetime}}.
// Any id not listed here shows Kratos' own text.
export type KratosCatalog = { [id: string]: string | { [id: string]: string } };

const dateTime = "datetime(dateStyle: medium; timeStyle: short)";

export const kratosEn = {
  // Second factor at sign-in: the same words as the cards in Account Settings.
  "1010006": "Code from your authenticator app",
  "1010007": "Backup code",
  "1010008": "Sign in with security key",
  "1010009": "Sign in with authenticator app",
  "1010010": "Sign in with backup code",
  "1010011": "Sign in with security key",
  // Sign-in, sign-up and Account Settings: the password and its buttons.
  "1010022": "Sign in with password",
  "1040008": "Back",
  "1070001": "Password",
  "1070003": "Save",
  // Registration, second screen: say what each way in is.
  "1040006": "Sign up with a code sent to your email",
  "1040009": "Choose how you will sign in to your new account.",
  password: { "1040001": "Sign up with password" },
  profile: { "1040001": "Continue" },
  // Account Settings and Recovery.
  "1050004": "Remove authenticator app",
  "1050007": "Show backup codes",
  "1050008": "Generate new backup codes",
  "1050010": "Your backup codes. Keep them somewhere safe: each one works once.",
  "1050011": "Confirm backup codes",
  "1050014": `Used {{used_at, ${dateTime}}}`,
  "1050016": "Turn off backup codes",
  // Kratos 1.3 stores no name for a passkey (its label says "unnamed"): name it by when it was added.
  "1050020": `Remove passkey added {{added_at, ${dateTime}}}`,
  "4000012": "This backup code has already been used.",
  "4000014": "You have no backup codes set up.",
  "4000016": "This backup code is not valid.",
} satisfies KratosCatalog;
