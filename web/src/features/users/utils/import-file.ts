// An export of another identity system read into the people to import
// (components/import-dialog.tsx): a Keycloak realm export (its users with
// their pbkdf2 credentials), an Auth0 export (JSON lines or an array, bcrypt
// hashes) or the portal's plain CSV. Keycloak's pbkdf2 becomes the PHC-like
// form Kratos parses (hash/hash_comparator.go, decodePbkdf2Hash): base64
// without padding, the iterations and the key's length. A hash in no format
// Kratos takes is passed on as it is; the server refuses its row.
import type { ImportPerson } from "#contract/schemas/users.js";

export type FileProblem = "unreadable" | "empty";
export type FileReading = { people: ImportPerson[] } | { problem: FileProblem };

type Fields = Record<string, unknown>;

const isObject = (value: unknown): value is Fields => value !== null && typeof value === "object" && !Array.isArray(value);
const text = (value: unknown): string => (typeof value === "string" ? value : "");
const strings = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((item): item is string => typeof item === "string") : [];

/** Keycloak's roles every user of a realm has: not roles of the portal's. */
const keycloakDefaults = (role: string) => role.startsWith("default-roles-") || role === "offline_access" || role === "uma_authorization";

/** Keycloak's names of its pbkdf2 digests, as Kratos names them. */
const pbkdf2Digests: Partial<Record<string, string>> = { pbkdf2: "sha1", "pbkdf2-sha256": "sha256", "pbkdf2-sha512": "sha512" };

const unpadded = (base64: string) => base64.replace(/=+$/, "");

const parsedJson = (value: unknown): Fields => {
  if (isObject(value)) return value;
  try {
    const parsed: unknown = JSON.parse(text(value));
    return isObject(parsed) ? parsed : {};
  } catch {
    return {};
  }
};

/** A Keycloak password credential as Kratos imports it, or "" when it is none Kratos takes. */
export function keycloakHash(credential: Fields): string {
  const secret = parsedJson(credential.secretData);
  const data = parsedJson(credential.credentialData);
  const digest = pbkdf2Digests[text(data.algorithm)];
  const iterations = data.hashIterations;
  const value = text(secret.value);
  const salt = text(secret.salt);
  if (digest === undefined || typeof iterations !== "number" || value === "" || salt === "") return "";
  let keyLength: number;
  try {
    keyLength = atob(value).length;
  } catch {
    return "";
  }
  return `$pbkdf2-${digest}$i=${iterations},l=${keyLength}$${unpadded(salt)}$${unpadded(value)}`;
}

function fromKeycloak(user: Fields): ImportPerson {
  const credentials = Array.isArray(user.credentials) ? user.credentials.filter(isObject) : [];
  const password = credentials.find((credential) => credential.type === "password");
  return {
    email: text(user.email).trim(),
    first_name: text(user.firstName),
    last_name: text(user.lastName),
    verified: user.emailVerified === true,
    roles: strings(user.realmRoles).filter((role) => !keycloakDefaults(role)),
    password_hash: password ? keycloakHash(password) : "",
  };
}

function fromAuth0(user: Fields): ImportPerson {
  const appMetadata = isObject(user.app_metadata) ? user.app_metadata : {};
  return {
    email: text(user.email).trim(),
    first_name: text(user.given_name),
    last_name: text(user.family_name),
    verified: user.email_verified === true,
    roles: strings(appMetadata.roles),
    password_hash: text(user.passwordHash),
  };
}

const yes = (value: string) => ["true", "yes", "1"].includes(value.trim().toLowerCase());

async function fromCsv(content: string): Promise<ImportPerson[] | undefined> {
  const { default: Papa } = await import("papaparse");
  const { data, meta } = Papa.parse<Record<string, string | undefined>>(content.trim(), {
    header: true,
    skipEmptyLines: true,
    transformHeader: (header) => header.trim().toLowerCase(),
  });
  if (!meta.fields?.includes("email")) return undefined;
  return data.map((row) => ({
    email: (row.email ?? "").trim(),
    first_name: (row.first_name ?? "").trim(),
    last_name: (row.last_name ?? "").trim(),
    verified: yes(row.verified ?? ""),
    roles: (row.roles ?? "").split(/[\s;,|]+/).filter((role) => role !== ""),
    password_hash: (row.password_hash ?? "").trim(),
  }));
}

function jsonOf(content: string): unknown {
  try {
    return JSON.parse(content);
  } catch {
    // JSON lines: one object a line, as Auth0's bulk export writes them.
    const lines = content.split(/\r?\n/).filter((line) => line.trim() !== "");
    try {
      return lines.map((line): unknown => JSON.parse(line));
    } catch {
      return undefined;
    }
  }
}

/** The people in the file's text, or why none could be read. */
export async function readImportFile(content: string): Promise<FileReading> {
  const trimmed = content.replace(/^\uFEFF/, "").trim();
  let people: ImportPerson[] | undefined;
  if (trimmed.startsWith("{") || trimmed.startsWith("[")) {
    const json = jsonOf(trimmed);
    if (isObject(json) && Array.isArray(json.users)) people = json.users.filter(isObject).map(fromKeycloak);
    else if (Array.isArray(json)) people = json.filter(isObject).map(fromAuth0);
    // JSON lines of one line: one Auth0 user.
    else if (isObject(json) && "email" in json) people = [fromAuth0(json)];
  } else {
    people = await fromCsv(trimmed);
  }
  if (people === undefined) return { problem: "unreadable" };
  return people.length === 0 ? { problem: "empty" } : { people };
}
