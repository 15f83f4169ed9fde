// /api/account: the signed-in user's own account. Deleting it (after typing
// its email address, within Kratos' privileged session age, never the last
// admin), its recent security activity and the wrong passwords since the sign-in before, its linked sign-in providers, and
// "Download my data" (within the privileged session age too).
import { mailLanguage } from "../../language.js";
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import type { PortalConfig } from "../../config.js";
import { ClientError, FieldErrors } from "../../errors.js";
import { sessionOf } from "../../plugins/guards.js";
import {
  AccountActivity,
  AccountDeletionBody,
  AccountExport,
  AccountExportQuery,
  AccountProviders,
  FailedSignInsSummary,
  TermsAcceptanceBody,
} from "#contract/schemas/account.js";
import { MySessions } from "#contract/schemas/users.js";
import { termsPendingOf } from "#contract/terms.js";
import { errorResponses } from "#contract/schemas/error.js";
import { deviceOf, deviceOfKey } from "#contract/devices.js";
import { emailOf, providersOf } from "../../kratos/identities.js";
import { exportAccount } from "../../services/account-export.js";
import { failedSinceLastSignIn } from "../../services/failed-sign-ins.js";
import { bodyLimits } from "./body-limits.js";
import { sessionView } from "./session-view.js";

const accountRoutes: FastifyPluginAsyncTypebox<{ config: PortalConfig }> = async (fastify, { config }) => {
  fastify.addHook("onRequest", fastify.guards.session);

  fastify.delete(
    "/",
    {
      // Who does not accept new terms of service may still delete the account, and take their data first.
      config: { termsPending: "allowed" },
      onRequest: [fastify.guards.sameOriginJson, fastify.guards.recentSignIn(config.privilegedSessionMaxAge)],
      preHandler: fastify.limits.account("accountDeletion"),
      bodyLimit: bodyLimits.confirmation,
      schema: { body: AccountDeletionBody, response: { 204: { type: "null" }, ...errorResponses } },
    },
    async (request, reply) => {
      const { identity } = sessionOf(request);
      const email = emailOf(identity);
      if (email === "" || request.body.email.trim().toLowerCase() !== email.toLowerCase()) {
        throw new FieldErrors([{ field: "email", code: "not_account_email" }]);
      }
      // The last admin is refused there (409 last_admin), under the lock that makes it one decision.
      await fastify.accountDeletion.delete(identity.id, email, mailLanguage(identity.traits));
      return reply.code(204).send(null);
    },
  );

  // Accepting the terms of service the portal asks for: with the session's, deleting the account and downloading its
  // data, a route that a person who has not accepted them yet may call. It writes only while they are pending, so repeating it writes nothing.
  fastify.post(
    "/terms",
    {
      config: { termsPending: "allowed" },
      onRequest: fastify.guards.sameOriginJson,
      bodyLimit: bodyLimits.confirmation,
      schema: { body: TermsAcceptanceBody, response: { 204: { type: "null" }, ...errorResponses } },
    },
    async (request, reply) => {
      if (!config.terms) throw new ClientError(404, "not_found");
      // What the person read is what they accept: a version that changed meanwhile is asked again.
      if (request.body.version !== config.terms.version) throw new ClientError(409, "terms_version_changed");
      const { identity } = sessionOf(request);
      if (termsPendingOf(identity.metadata_public, config.terms.version)) {
        await fastify.kratos.identities.acceptTerms(identity.id, { version: config.terms.version, accepted_at: new Date().toISOString() });
      }
      return reply.code(204).send(null);
    },
  );

  fastify.get("/activity", { schema: { response: { 200: AccountActivity, ...errorResponses } } }, async (request, reply) => {
    const account = sessionOf(request).identity.id;
    const [events, devices] = await Promise.all([fastify.state.activity.list(account), fastify.state.devices.list(account)]);
    return reply.header("cache-control", "no-store").send({
      // A sign-in recorded before devices were: its user agent, read into a device here.
      events: events.map(({ user_agent: userAgent, ...event }) =>
        userAgent === undefined ? event : { ...event, device: deviceOf(userAgent) },
      ),
      devices: devices.map(deviceOfKey),
    });
  });

  // The notice after signing in: the wrong passwords since the sign-in before this session's.
  fastify.get("/failed-sign-ins", { schema: { response: { 200: FailedSignInsSummary, ...errorResponses } } }, async (request, reply) => {
    const session = sessionOf(request);
    const events = await fastify.state.activity.list(session.identity.id);
    const signedInAt = session.authenticated_at === undefined ? new Date() : new Date(session.authenticated_at);
    return reply.header("cache-control", "no-store").send(failedSinceLastSignIn(events, signedInAt));
  });

  // Where the account is signed in: this browser's session (the guard's whoami) first, then the others Kratos lists.
  fastify.get("/sessions", { schema: { response: { 200: MySessions, ...errorResponses } } }, async (request, reply) => {
    const current = sessionOf(request);
    const others = await fastify.kratos.sessions.others(request.headers.cookie);
    return reply.header("cache-control", "no-store").send({
      current: sessionView(current),
      others: others.filter((session) => session.id !== current.id).map(sessionView),
    });
  });

  // "Download my data": a file, recorded in the account's activity, a few times an hour. Like deleting the
  // account, only within Kratos' privileged session age: a session left open on a shared computer does not
  // hand the account's data to the next person at it.
  fastify.get(
    "/export",
    {
      config: { termsPending: "allowed" },
      onRequest: fastify.guards.recentSignIn(config.privilegedSessionMaxAge),
      preHandler: fastify.limits.account("dataExport"),
      schema: { querystring: AccountExportQuery, response: { 200: AccountExport, ...errorResponses } },
    },
    async (request, reply) => {
      const account = sessionOf(request).identity.id;
      const data = await exportAccount(
        { identities: fastify.kratos.identities, consentSessions: fastify.hydra.consentSessions, state: fastify.state },
        account,
      );
      if (!data) throw new ClientError(404, "user_not_found");
      await fastify.state.activity.add(account, { type: "data_exported", at: data.exported_at, ip: request.ip });
      return reply
        .header("cache-control", "no-store")
        .header("content-disposition", `attachment; filename="account-data-${data.exported_at.slice(0, 10)}.json"`)
        .send(data);
    },
  );

  // Kratos' settings flow offers Unlink only while another way to sign in remains, and names no provider
  // otherwise: the card learns here which providers are linked at all.
  fastify.get("/providers", { schema: { response: { 200: AccountProviders, ...errorResponses } } }, async (request, reply) => {
    const identity = await fastify.kratos.identities.getWithFactors(sessionOf(request).identity.id);
    return reply.header("cache-control", "no-store").send({ providers: identity ? providersOf(identity) : [] });
  });
};

export default accountRoutes;
