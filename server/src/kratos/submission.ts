// A flow submission as Kratos v1.3.1 reads it, so that the abuse limits count
// exactly what Kratos acts on. Where Kratos' reading depends on something the
// portal cannot see, or where two readings could differ, the submission is
// refused (AmbiguousSubmission, a 400) before Kratos sees it.
//
// What Kratos does, from its sources (github.com/ory/kratos@v1.3.1 and
// github.com/ory/x@v0.0.660/decoderx):
// - A form body is Go's url.ParseQuery: pairs split on "&", a pair with ";" or
//   a broken %-escape makes the whole parse fail (Kratos then answers 400), a
//   field's value is its first one (url.Values.Get). Only the body is read,
//   except for recovery and verification (HTTPDecoderUseQueryAndBody), which
//   read the body's values first, then the query's.
// - A JSON body is Go's encoding/json into the method's struct: keys match
//   field names in any case, and a value of the wrong type fails the decode.
//   When the payload does not validate, decoderx reads it again as flattened
//   form fields ("traits.email"), with the query's values on top for recovery
//   and verification.
// - Identifiers are matched after strings.ToLower(strings.TrimSpace(…))
//   (persistence/sql/identity NormalizeIdentifier), Go's notions of space and
//   case, which are not JavaScript's.
// - The session is the X-Session-Token header, else the first
//   ory_kratos_session cookie that Go's cookie parser accepts, else an
//   Authorization: Bearer token (session/manager_http.go extractToken).
import type { FastifyRequest } from "fastify";
import { ClientError } from "../errors.js";

/** Kratos' session cookie (its default name, which config/kratos keeps). */
export const sessionCookieName = "ory_kratos_session";

/** A submission Kratos could read otherwise than the limits do. */
export const ambiguousSubmission = () => new ClientError(400, "ambiguous_request");

const goSpace = /^\p{White_Space}+|\p{White_Space}+$/gu;

/**
 * Go's strings.ToLower(strings.TrimSpace(value)). TrimSpace removes what
 * unicode.IsSpace calls space, which is Unicode's White_Space property (NEL,
 * U+0085, included; the BOM, which JavaScript's trim removes, not). ToLower
 * maps each code point by its simple lower-case mapping: JavaScript's
 * toLowerCase differs only where a full mapping has more than one code point,
 * which for lower case is U+0130 alone (Go: "i"; JavaScript: "i̇").
 */
export function normalizeIdentifier(value: string): string {
  let lower = "";
  for (const char of value.replace(goSpace, "")) {
    lower += char === "\u0130" ? "i" : char.toLowerCase();
  }
  return lower;
}

/** Go's url.QueryUnescape, refusing what Go refuses and bytes that are not UTF-8 (which JavaScript could not compare). */
function queryUnescape(text: string): string {
  const bytes: number[] = [];
  for (let index = 0; index < text.length; index++) {
    const char = text.charCodeAt(index);
    if (char === 0x25) {
      const hex = text.slice(index + 1, index + 3);
      if (!/^[0-9a-fA-F]{2}$/.test(hex)) throw ambiguousSubmission();
      bytes.push(parseInt(hex, 16));
      index += 2;
    } else if (char === 0x2b) {
      bytes.push(0x20);
    } else {
      bytes.push(...Buffer.from(text[index] ?? "", "utf8"));
    }
  }
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(Uint8Array.from(bytes));
  } catch {
    throw ambiguousSubmission();
  }
}

/** Go's url.ParseQuery, which fails where it would: Kratos answers such a form with a 400 and acts on nothing. */
function parseQuery(query: string): [string, string][] {
  const pairs: [string, string][] = [];
  for (const pair of query.split("&")) {
    if (pair.includes(";")) throw ambiguousSubmission();
    if (pair === "") continue;
    const equals = pair.indexOf("=");
    const [key, value] = equals < 0 ? [pair, ""] : [pair.slice(0, equals), pair.slice(equals + 1)];
    pairs.push([queryUnescape(key), queryUnescape(value)]);
  }
  return pairs;
}

export interface SubmissionFields {
  /**
   * The value Kratos gives a string field, undefined when it has none (Go's
   * decoder skips an empty value). Throws AmbiguousSubmission when the field
   * is named twice, in the query and the body, or with a value that is not a
   * string.
   */
  field(name: string): string | undefined;
  /** The first value of a field Kratos reads leniently (the method: a form's button and a hidden field may both name it). */
  first(name: string): string | undefined;
}

export interface ReadOptions {
  /** Kratos also reads the query string (recovery and verification). */
  queryAndBody: boolean;
}

/**
 * The fields of a submission as Kratos reads them. Nothing is counted from a
 * place Kratos does not read (a login's query string), and a field that could
 * be read two ways is refused.
 */
export function readSubmission(request: FastifyRequest, { queryAndBody }: ReadOptions): SubmissionFields {
  const queryStart = request.url.indexOf("?");
  const rawQuery = queryStart < 0 ? "" : request.url.slice(queryStart + 1);
  const body = request.body;
  // Go parses the query for a form (and for a JSON body read as flattened fields); one that fails fails it all.
  const query = parseQuery(rawQuery);
  const queryValues = (name: string) => (queryAndBody || request.method === "GET" ? query.filter(([key]) => key === name) : []);

  if (request.method === "GET" || body === undefined || body === null) {
    const values = (name: string) => queryValues(name).map(([, value]) => value);
    return { field: (name) => single(values(name)), first: (name) => values(name)[0] };
  }
  if (typeof body === "string") {
    const form = parseQuery(body);
    const values = (name: string) => [...form.filter(([key]) => key === name), ...queryValues(name)].map(([, value]) => value);
    return { field: (name) => single(values(name)), first: (name) => values(name)[0] };
  }
  const json = body as Record<string, unknown>;
  // Go's encoding/json matches "IDENTIFIER" (or "ıdentifier", by Unicode folding) to the field "identifier";
  // Kratos' own names are lower-case ASCII, so any other key is refused rather than folded here.
  if (Object.keys(json).some((key) => !/^[a-z0-9_.]+$/.test(key))) throw ambiguousSubmission();
  return {
    first: (name) => (typeof json[name] === "string" ? json[name] : undefined),
    field: (name) => {
      const values: unknown[] = [];
      if (name in json) values.push(json[name]);
      const dot = name.indexOf(".");
      if (dot > 0) {
        const parent = json[name.slice(0, dot)];
        if (typeof parent === "object" && parent !== null && name.slice(dot + 1) in parent) {
          values.push((parent as Record<string, unknown>)[name.slice(dot + 1)]);
        }
      }
      values.push(...queryValues(name).map(([, value]) => value));
      if (values.some((value) => typeof value !== "string" && value !== null)) throw ambiguousSubmission();
      return single(values.filter((value): value is string => typeof value === "string"));
    },
  };
}

/** Refuses a submission whose query names one of these fields (Kratos would read it where the limits do not). */
export function assertNotInQuery(request: FastifyRequest, names: readonly string[]): void {
  if (request.method === "GET") return;
  const queryStart = request.url.indexOf("?");
  if (queryStart < 0) return;
  if (parseQuery(request.url.slice(queryStart + 1)).some(([key]) => names.includes(key))) throw ambiguousSubmission();
}

/** One value, or none; two are refused, even equal ones (Kratos' choice among them depends on the decoder). */
function single(values: string[]): string | undefined {
  if (values.length > 1) throw ambiguousSubmission();
  return values[0] === "" ? undefined : values[0];
}

/** The content types Kratos decodes as the proxy does; any other spelling could be read differently. */
export function assertPlainContentType(request: FastifyRequest): void {
  if (request.method === "GET") return;
  const header = request.headers["content-type"];
  const media = header?.split(";")[0]?.trim().toLowerCase();
  if (media !== "application/json" && media !== "application/x-www-form-urlencoded") throw ambiguousSubmission();
}

/** Go's textproto.TrimString: ASCII space, tab, CR and LF only. */
const goTrim = (text: string) => text.replace(/^[ \t\r\n]+|[ \t\r\n]+$/g, "");

/** Go's validCookieValueByte over the whole value, after stripping one pair of quotes. */
function goCookieValue(raw: string): string | undefined {
  const value = raw.length > 1 && raw.startsWith('"') && raw.endsWith('"') ? raw.slice(1, -1) : raw;
  return /^[\x20-\x7e]*$/.test(value) && !/["\\;]/.test(value) ? value : undefined;
}

/** What Kratos authenticates a request with, named so that the same session always gives the same value. */
export interface SessionCredential {
  /** The session token or cookie value as Kratos decodes it. */
  value: string;
  /** How to show Kratos exactly this session: the Cookie header, or the session token (a bearer's too). */
  kratos: { cookie: string } | { token: string };
}

/**
 * The session Kratos will resolve for this request, or undefined when it
 * will find none. Refused when the request carries two candidates: two
 * session cookies (in any spelling a parser might accept), or a cookie and a
 * token, so that the session counted is the one Kratos checks.
 */
export function sessionCredential(request: FastifyRequest, nativeFlows: boolean): SessionCredential | undefined {
  const cookieLines = [request.headers.cookie ?? []].flat();
  const candidates: string[] = [];
  for (const line of cookieLines) {
    for (const part of line.split(";")) {
      const equals = part.indexOf("=");
      const name = equals < 0 ? part : part.slice(0, equals);
      // Counted loosely (any space, any case), so that no parser finds a session cookie this one missed.
      if (name.trim().toLowerCase() === sessionCookieName) candidates.push(goTrim(part));
    }
  }
  // Kratos only sees these headers when the proxy passes them (KRATOS_NATIVE_FLOWS).
  const token = nativeFlows ? request.headers["x-session-token"] : undefined;
  const authorization = nativeFlows ? request.headers.authorization : undefined;
  const sources = candidates.length + (token !== undefined ? 1 : 0) + (authorization !== undefined ? 1 : 0);
  if (sources > 1) throw ambiguousSubmission();
  if (typeof token === "string" && token !== "") return { value: token, kratos: { token } };
  if (typeof authorization === "string") {
    const bearer = /^Bearer (.+)$/i.exec(authorization)?.[1];
    return bearer === undefined ? undefined : { value: bearer, kratos: { token: bearer } };
  }
  const pair = candidates.at(0);
  if (pair === undefined) return undefined;
  const equals = pair.indexOf("=");
  // Go skips a pair whose name (trimmed of ASCII space only) or value it does not accept: Kratos then sees no
  // session cookie at all.
  if (equals < 0 || goTrim(pair.slice(0, equals)) !== sessionCookieName) return undefined;
  const value = goCookieValue(pair.slice(equals + 1));
  return value === undefined || value === "" ? undefined : { value, kratos: { cookie: `${sessionCookieName}=${value}` } };
}
