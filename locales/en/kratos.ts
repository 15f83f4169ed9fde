// Kratos' texts in our words, keyed by Kratos' message id: every id that
// Kratos v1.3.1 can send (contract/kratos-message-ids.ts, checked against
// Kratos' text/ sources by checks/kratos-message-ids.test.ts). A key under
// a node group ("password", "profile") applies to that group only: Kratos
// gives the first registration screen's "Continue" and the password's
// "Sign up" one id.
// Values place the message's context by its key, e.g. {{min_length}}; its
// timestamps (…_at) as {{added_at, datetime(…)}}. Context that a reader
// should not see (regular expressions, JSON Schema type names, zero-based
// indexes, Kratos' internal credential type names) is left out on purpose.
export type KratosCatalog = { [id: string]: string | { [id: string]: string } };

const dateTime = "datetime(dateStyle: medium; timeStyle: short)";

export const kratos = {
  // Sign-in.
  "1010001": "Sign in",
  "1010002": "Sign in with {{provider}}",
  "1010003": "Confirm that it is you to continue.",
  "1010004": "Complete the second step to sign in.",
  "1010005": "Verify",
  // Second factor at sign-in: the same words as the cards in Account Settings.
  "1010006": "Code from your authenticator app",
  "1010007": "Backup code",
  "1010008": "Sign in with security key",
  "1010009": "Sign in with authenticator app",
  "1010010": "Sign in with backup code",
  "1010011": "Sign in with security key",
  "1010012": "Have your security key or fingerprint reader ready, then continue.",
  "1010013": "Continue",
  "1010014": "We sent a code to the email address you entered. If it does not arrive, check the address and try again.",
  "1010015": "Send sign-in code",
  // The options to sign in with are the form below the message: its lists
  // (available_credential_types, available_providers) are not placed.
  "1010016":
    "You tried to sign in with {{duplicate_identifier}} through {{provider}}, but another account already uses that email address. Sign in to that account below to add {{provider}} as another way to sign in.",
  "1010017": "Sign in and link",
  "1010018": "Confirm with {{provider}}",
  "1010019": "Get a code to continue",
  "1010021": "Sign in with passkey",
  "1010022": "Sign in with password",
  // channel ("email" or "sms") is not placed: the address says which.
  "1010023": "Send code to {{address}}",

  // Registration, second screen: say what each way in is.
  "1040001": "Sign up",
  password: { "1040001": "Sign up with password" },
  profile: { "1040001": "Continue" },
  "1040002": "Sign up with {{provider}}",
  "1040003": "Continue",
  "1040004": "Sign up with security key",
  "1040005": "We sent a code to the email address you entered. If it does not arrive, check the address and try again.",
  "1040006": "Sign up with a code sent to your email",
  "1040007": "Sign up with passkey",
  "1040008": "Back",
  "1040009": "Choose how you will sign in to your new account.",

  // Account Settings.
  "1050001": "Your changes are saved.",
  "1050002": "Link {{provider}}",
  "1050003": "Unlink {{provider}}",
  "1050004": "Remove authenticator app",
  "1050005": "Authenticator app QR code",
  // The secret itself, shown as it is.
  "1050006": "{{secret}}",
  "1050007": "Show backup codes",
  "1050008": "Generate new backup codes",
  // One backup code, shown as it is.
  "1050009": "{{secret}}",
  "1050010": "Your backup codes. Keep them somewhere safe: each one works once.",
  "1050011": "Confirm backup codes",
  "1050012": "Add security key",
  "1050013": "Name of the security key",
  "1050014": `Used {{used_at, ${dateTime}}}`,
  // Its context's secrets is a list of messages (1050009 or 1050014 each),
  // which the app shows one by one (flows/nodes/node-text.tsx): not placed.
  "1050015": "Your backup codes",
  "1050016": "Turn off backup codes",
  "1050017": "Your authenticator app's secret key. Enter it in the app if you cannot scan the QR code.",
  "1050018": 'Remove security key "{{display_name}}"',
  "1050019": "Add passkey",
  // Kratos 1.3 stores no name for a passkey (its label says "unnamed"): name it by when it was added.
  "1050020": `Remove passkey added {{added_at, ${dateTime}}}`,

  // Recovery.
  "1060001": `Your account is recovered. Change your password or add another way to sign in before {{privileged_session_expires_at, ${dateTime}}}.`,
  // An invitee, whose account the invitation opened with a recovery (features/invitation): welcome them instead.
  invitation: {
    "1060001": `Welcome: your invitation is accepted. Choose your password before {{privileged_session_expires_at, ${dateTime}}} to finish setting up your account.`,
  },
  "1060002":
    "We sent a recovery link to the email address you entered. If it does not arrive, check the address and make sure it is the one you signed up with.",
  "1060003":
    "We sent a recovery code to the email address you entered. If it does not arrive, check the address and make sure it is the one you signed up with.",

  // Form fields and buttons of every flow.
  "1070001": "Password",
  // The field's title in the identity schema (config/kratos/identity.schema.json).
  "1070002": "{{title}}",
  "1070003": "Save",
  "1070004": "ID",
  "1070005": "Submit",
  "1070006": "Verify code",
  "1070007": "Email",
  "1070008": "Resend code",
  "1070009": "Continue",
  "1070010": "Recovery code",
  "1070011": "Verification code",
  "1070012": "Sign-up code",
  "1070013": "Sign-in code",
  "1070014": "Sign in and link account",
  "1070015": "Complete the captcha to continue.",

  // Verification.
  "1080001":
    "We sent a verification link to the email address you entered. If it does not arrive, check the address and make sure it is the one you signed up with.",
  "1080002": "Your email address is verified.",
  "1080003":
    "We sent a verification code to the email address you entered. If it does not arrive, check the address and make sure it is the one you signed up with.",

  // Errors in a field or a form.
  // Kratos' own reason, in English: it has no words of ours to put instead.
  "4000001": "{{reason}}",
  // property is the schema's key of the field the message sits under: not placed.
  "4000002": "Fill in this field.",
  "4000003": "Use at least {{min_length}} characters.",
  // pattern is a regular expression, not for reading: not placed.
  "4000004": "Enter a value in the expected format.",
  // Kratos' reason, in English.
  "4000005": "You cannot use this password: {{reason}}.",
  // 4000005 when Kratos could not ask the breach range service (web/src/lib/i18n/kratos-text.ts): never its reason.
  breachCheck: {
    "4000005": "We cannot check this password against known data breaches right now. Try again in a few minutes.",
  },
  "4000006": "The sign-in details are not right. Check your email address and password for typos.",
  "4000007": "An account with this email address already exists.",
  "4000008": "This code from your authenticator app is not valid. Try again.",
  "4000009": "Your account has no email address to sign in with. This can be an error in the server's configuration.",
  "4000010": "Your account is not active yet. Verify your email address first.",
  "4000011": "You have not set up an authenticator app.",
  "4000012": "This backup code has already been used.",
  "4000013": "You have not set up a security key.",
  "4000014": "You have no backup codes set up.",
  "4000015": "This account does not exist or has no security key set up.",
  "4000016": "This backup code is not valid.",
  "4000017": "Use at most {{max_length}} characters.",
  "4000018": "Enter {{minimum}} or more.",
  "4000019": "Enter more than {{minimum}}.",
  "4000020": "Enter {{maximum}} or less.",
  "4000021": "Enter less than {{maximum}}.",
  "4000022": "Enter a multiple of {{base}}.",
  "4000023": "Choose at most {{max_items}} items.",
  "4000024": "Choose at least {{min_items}} items.",
  // index_a and index_b count from zero: not placed.
  "4000025": "Each entry must be different.",
  // allowed_types (a list) and actual_type are JSON Schema type names: not placed.
  "4000026": "This value has the wrong type.",
  "4000027": "An account with this email address already exists. Sign in to it first to link your social sign-in account.",
  // available_credential_types and available_oidc_providers (lists of Kratos'
  // internal names) and credential_identifier_hint (may be empty) are not placed.
  "4000028": "Another account already uses this email address. Sign in to that account instead.",
  // expected can be any JSON value: not placed.
  "4000029": "This value is not allowed.",
  "4000030": "This value is not allowed.",
  "4000031": "This password is too similar to your email address.",
  "4000032": "Your password needs at least {{min_length}} characters.",
  "4000033": "Your password can have at most {{max_length}} characters.",
  // breaches (a count) is not placed: once is enough.
  "4000034": "This password has appeared in a data breach. Choose another one.",
  "4000035": "This account does not exist or has no sign-in by code set up.",
  "4000036": "These details do not match the ones you entered earlier in this form.",
  "4000037": "This account does not exist or has no way to sign in set up.",
  "4000038": "The captcha check failed. Try again.",

  // Errors of a whole flow. expired_at_unix repeats expired_at: not placed.
  "4010001": `This sign-in page expired at {{expired_at, ${dateTime}}}. Try again.`,
  "4010002": "We could not tell how you want to sign in. Check the form and try again.",
  "4010003": "We could not tell how you want to sign up. Check the form and try again.",
  "4010004": "We could not tell which setting you want to change. Check the form and try again.",
  "4010005": "We could not tell how you want to recover your account. Check the form and try again.",
  "4010006": "We could not tell how you want to verify your account. Check the form and try again.",
  "4010007": "This was already done and cannot be done again.",
  "4010008": "This sign-in code is not valid or was already used. Try again.",
  "4010009": "The sign-in details to link do not match.",
  "4010010": "This address does not belong to your account.",
  "4040001": `This sign-up page expired at {{expired_at, ${dateTime}}}. Try again.`,
  "4040002": "This was already done and cannot be done again.",
  "4040003": "This sign-up code is not valid or was already used. Try again.",
  "4050001": `This settings page expired at {{expired_at, ${dateTime}}}. Try again.`,
  "4060001": "This was already done and cannot be done again.",
  "4060002": "Account recovery failed. Start again.",
  "4060004": "This recovery link is not valid or was already used. Start again.",
  "4060005": `This recovery page expired at {{expired_at, ${dateTime}}}. Try again.`,
  "4060006": "This recovery code is not valid or was already used. Try again.",
  "4070001": "This verification link is not valid or was already used. Start again.",
  "4070002": "This was already done and cannot be done again.",
  "4070003": "Verification failed. Start again.",
  "4070005": `This verification page expired at {{expired_at, ${dateTime}}}. Try again.`,
  "4070006": "This verification code is not valid or was already used. Try again.",

  // A system error: Kratos' own reason, in English.
  "5000001": "{{reason}}",
} satisfies KratosCatalog;
