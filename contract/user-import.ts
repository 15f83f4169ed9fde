// Moving people in from another identity system (Manage Users, "Import
// people"): the hashes Kratos takes as they are, read by their prefix as
// Kratos v1.3.1 reads them (hash/hash_comparator.go), and the refusals a row
// of an import can meet. The browser reads the file and the server checks
// every row again with these functions.

/**
 * The most people one request carries. Kratos takes at most 2,000 a batch call, but writes a batch in one
 * transaction: 500 took 0.75 s on an idle 2-core machine and more than UPSTREAM_TIMEOUT_MS (10 s) on a busy one.
 */
export const importBatchMax = 250;

/** The prefixes of the hashes Kratos compares a password with, as its own patterns read them. */
const hashFormats: readonly (readonly [string, RegExp])[] = [
  ["bcrypt", /^\$2[abzy]?\$/],
  ["argon2id", /^\$argon2id\$/],
  ["argon2i", /^\$argon2i\$/],
  ["pbkdf2", /^\$pbkdf2-sha[0-9]{1,3}\$/],
  ["scrypt", /^\$scrypt\$/],
  ["firebase-scrypt", /^\$firescrypt\$/],
  ["md5-crypt", /^\$md5-crypt\$/],
  ["sha256-crypt", /^\$sha256-crypt\$/],
  ["sha512-crypt", /^\$sha512-crypt\$/],
  ["md5", /^\$md5\$/],
  ["ssha", /^\{SSHA(256|512)?\}/],
  ["sha", /^\$sha(1|256|512)\$/],
  ["hmac", /^\$hmac-(md4|md5|sha1|sha224|sha256|sha384|sha512)\$/],
];

/** The hash's format by its prefix, or undefined when Kratos would not recognise it. */
export function hashFormatOf(hash: string): string | undefined {
  return hashFormats.find(([, prefix]) => prefix.test(hash))?.[0];
}

/** Why a row is not imported. */
export const importRefusals = ["invalid_email", "unknown_hash", "duplicate", "account_exists", "unknown_role", "refused"] as const;
export type ImportRefusal = (typeof importRefusals)[number];

/** What became, or will become, of a row, as the server answers it. */
export const importOutcomes = ["will_import", "imported", "refused"] as const;
export type ImportOutcome = (typeof importOutcomes)[number];

/**
 * What the result file says of a row when an import stopped: `unconfirmed` for the batch whose call got no answer
 * (Kratos may have made them; a new dry run of the file says), `not_sent` for the batches after it.
 */
export const importStoppedOutcomes = ["unconfirmed", "not_sent"] as const;
export type ImportStoppedOutcome = (typeof importStoppedOutcomes)[number];
