// /api/users: Manage Users, for admins only: registered in the admin scope
// (admin.ts), whose hooks hold the access rules. Every change counts against
// the admin's limit and goes through services/user-admin.ts, which holds the
// guard rails and writes the audit trail.
import { Readable } from "node:stream";
import type { Identity } from "@ory/client";
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { Type } from "@sinclair/typebox";
import type { FastifyRequest } from "fastify";
import { rolesOf } from "#contract/roles.js";
import { errorResponses } from "#contract/schemas/error.js";
import {
  ImportBody,
  ImportResult,
  RecoveryCode,
  RoleChangeBody,
  StateChangeBody,
  User,
  UserDetail,
  UserList,
  UserListQuery,
  UserParams,
  maxUserPageSize,
  type RoleChangeBody as RoleChangeInput,
  type StateChangeBody as StateChangeInput,
  type User as UserBody,
  type UserListQuery as UserListInput,
} from "#contract/schemas/users.js";
import { ClientError } from "../../errors.js";
import { sessionOf } from "../../plugins/guards.js";
import { emailOf, emailVerified, providersOf, secondFactorsOf } from "../../kratos/identities.js";
import { failedSignInsOf } from "../../services/failed-sign-ins.js";
import type { Actor } from "../../services/user-admin.js";
import { bodyLimits } from "./body-limits.js";
import { queryInteger } from "./query.js";
import { sessionView } from "./session-view.js";

function toUser(identity: Identity): UserBody {
  const traits = (identity.traits ?? {}) as { name?: { first?: unknown; last?: unknown } };
  const name = [traits.name?.first, traits.name?.last].filter((part): part is string => typeof part === "string" && part !== "").join(" ");
  return {
    id: identity.id,
    email: emailOf(identity),
    name,
    verified: emailVerified(identity),
    roles: rolesOf(identity.metadata_public),
    state: identity.state === "inactive" ? "inactive" : "active",
    second_factors: secondFactorsOf(identity),
    providers: providersOf(identity),
    created_at: identity.created_at ?? null,
    schema_id: identity.schema_id,
    traits: (identity.traits ?? {}) as Record<string, unknown>,
  };
}

const pageSize = 25;

/** GET /api/users/audit: every AuditEntry within the retention, oldest first, one JSON object a line, streamed. */
const AuditExport = Type.Unsafe<Readable>({ type: "string", description: "JSON lines" });

const usersRoutes: FastifyPluginAsyncTypebox = async (fastify) => {
  const users = fastify.userAdmin;
  const identities = fastify.kratos.identities;
  /** Every change: counted per admin, after the access rules. */
  const change = { preHandler: fastify.limits.account("adminAction") };

  const actorOf = (request: FastifyRequest): Actor => {
    const { identity } = sessionOf(request);
    return { id: identity.id, email: emailOf(identity), ip: request.ip };
  };

  /** The account with what the portal knows of it beside Kratos: its last sign-in here, its wrong passwords and its sign-in lock. */
  const withRecord = async (identity: Identity, { listed = false } = {}): Promise<UserBody> => {
    const user = toUser(identity);
    const [activity, lockedUntil] = await Promise.all([
      fastify.state.activity.list(identity.id),
      fastify.limits.signInLock.until(user.email),
    ]);
    return {
      ...user,
      last_sign_in: activity.find((event) => event.type === "sign_in")?.at ?? null,
      locked_until: lockedUntil?.toISOString() ?? null,
      // The person's page lists them; the list does not.
      ...(listed ? {} : { failed_sign_ins: failedSignInsOf(activity) }),
    };
  };

  fastify.get("/", { schema: { querystring: UserListQuery, response: { 200: UserList, ...errorResponses } } }, async (request) => {
    // The type provider reads the enum fields as unknown; the schema has checked them.
    const { email = "", match = "prefix", page_size: size, page_token: pageToken } = request.query as UserListInput;
    const page = await identities.search({
      email: email.trim(),
      match,
      pageSize: queryInteger(size, "page_size", { fallback: pageSize, maximum: maxUserPageSize }),
      pageToken,
    });
    return {
      items: await Promise.all(page.items.map((identity) => withRecord(identity, { listed: true }))),
      next_page_token: page.nextPageToken ?? null,
    };
  });

  // The whole audit trail within its retention (AUDIT_RETENTION), oldest first, as JSON lines (one AuditEntry a
  // line), read from the state in pages as it goes out.
  fastify.get("/audit", { schema: { response: { 200: AuditExport, ...errorResponses } } }, async (_request, reply) => {
    const trail = fastify.state.audit.all();
    const lines = Readable.from(
      (async function* () {
        for await (const entry of trail) yield `${JSON.stringify(entry)}\n`;
      })(),
    );
    const day = new Date().toISOString().slice(0, 10);
    return reply
      .type("application/x-ndjson; charset=utf-8")
      .header("content-disposition", `attachment; filename="audit-trail-${day}.jsonl"`)
      .send(lines);
  });

  // A batch of an import (contract/user-import.ts): the admin's limit counts the batch once, however many it
  // carries; the people take the admin's own identity schema, as invitees do. The body holds password hashes:
  // no log line reads it, and the answer holds only addresses, outcomes and refusals.
  fastify.post(
    "/import",
    { ...change, bodyLimit: bodyLimits.userImport, schema: { body: ImportBody, response: { 200: ImportResult, ...errorResponses } } },
    async (request) => {
      const { dry_run: dryRun, people } = request.body;
      return { rows: await users.importPeople(actorOf(request), sessionOf(request).identity.schema_id, people, dryRun) };
    },
  );

  fastify.get("/:id", { schema: { params: UserParams, response: { 200: UserDetail, ...errorResponses } } }, async (request) => {
    const { id } = request.params;
    const [identity, sessions, audit] = await Promise.all([
      identities.getWithFactors(id),
      identities.sessions(id),
      fastify.state.audit.list(id),
    ]);
    if (!identity) throw new ClientError(404, "user_not_found");
    return { user: await withRecord(identity), sessions: sessions.map(sessionView), audit };
  });

  fastify.delete(
    "/:id/sessions",
    { ...change, schema: { params: UserParams, response: { 204: { type: "null" }, ...errorResponses } } },
    async (request, reply) => {
      await users.revokeSessions(actorOf(request), request.params.id);
      return reply.code(204).send(null);
    },
  );

  fastify.post(
    "/:id/roles",
    {
      ...change,
      bodyLimit: bodyLimits.userChange,
      schema: { params: UserParams, body: RoleChangeBody, response: { 200: User, ...errorResponses } },
    },
    async (request) => {
      const { role, change: roleChange } = request.body as RoleChangeInput;
      return toUser(await users.changeRole(actorOf(request), request.params.id, role, roleChange));
    },
  );

  fastify.put(
    "/:id/state",
    {
      ...change,
      bodyLimit: bodyLimits.userChange,
      schema: { params: UserParams, body: StateChangeBody, response: { 200: User, ...errorResponses } },
    },
    async (request) => toUser(await users.setState(actorOf(request), request.params.id, (request.body as StateChangeInput).state)),
  );

  fastify.post("/:id/unlock", { ...change, schema: { params: UserParams, response: { 200: User, ...errorResponses } } }, async (request) =>
    withRecord(await users.unlock(actorOf(request), request.params.id, (address) => fastify.limits.signInLock.clear(address))),
  );

  fastify.post(
    "/:id/recovery-code",
    { ...change, schema: { params: UserParams, response: { 200: RecoveryCode, ...errorResponses } } },
    async (request) => {
      const code = await users.recoveryCode(actorOf(request), request.params.id);
      return { recovery_link: code.recovery_link, recovery_code: code.recovery_code, expires_at: code.expires_at ?? null };
    },
  );

  fastify.post(
    "/:id/verification",
    { ...change, schema: { params: UserParams, response: { 204: { type: "null" }, ...errorResponses } } },
    async (request, reply) => {
      await users.sendVerification(actorOf(request), request.params.id);
      return reply.code(204).send(null);
    },
  );

  fastify.delete(
    "/:id",
    { ...change, schema: { params: UserParams, response: { 204: { type: "null" }, ...errorResponses } } },
    async (request, reply) => {
      await users.delete(actorOf(request), request.params.id);
      return reply.code(204).send(null);
    },
  );
};

export default usersRoutes;
