// The portal's durable state (state/portal-state.ts), its outbox of security
// mail (mail/outbox.ts) and the services built on both, made once for the
// whole server.
import fp from "fastify-plugin";
import { paths } from "#contract/paths.js";
import type { PortalConfig, StateConfig } from "../config.js";
import { mailBrand, mailMark } from "../mail/messages.js";
import { startOutbox, type Outbox, type OutboxOptions } from "../mail/outbox.js";
import { accountDeletion, type AccountDeletion } from "../services/account-deletion.js";
import { failedSignIns } from "../services/failed-sign-ins.js";
import { invitations, type Invitations } from "../services/invitations.js";
import { lastAdmin } from "../services/last-admin.js";
import { fileState } from "../state/file-state.js";
import type { PortalState } from "../state/portal-state.js";
import { redisState } from "../state/redis-state.js";
import { securityEvents, type SecurityEvents } from "../services/security-events.js";
import { undoLinks, type UndoLinks } from "../services/undo.js";
import { userAdmin, type UserAdmin } from "../services/user-admin.js";

declare module "fastify" {
  interface FastifyInstance {
    state: PortalState;
    outbox: Outbox;
    /** Deletes an account and everything tied to it (for the user, and for an admin). */
    accountDeletion: AccountDeletion;
    /** Records what Kratos' hooks report and mails the user about it. */
    securityEvents: SecurityEvents;
    /** What admins do to others' accounts (Manage Users), with its guard rails and audit trail. */
    userAdmin: UserAdmin;
    /** Admins' invitations and the invitees' links (Manage Users), with the audit trail. */
    invitations: Invitations;
    /** The undo links of the security mails: issued with them, read and confirmed by whoever holds one. */
    undoLinks: UndoLinks;
  }
}

export interface ServicesOptions {
  config: PortalConfig;
  /** The outbox's timing, shorter in tests. */
  outbox?: OutboxOptions;
}

const portalState = (config: StateConfig): Promise<PortalState> =>
  config.redisUrl ? redisState(config.redisUrl, config.auditRetention) : Promise.resolve(fileState(config.dir, config.auditRetention));

export default fp<ServicesOptions>(
  async (fastify, { config, outbox: outboxOptions }) => {
    const state = await portalState(config.state);
    const brand = mailBrand(config.operatorTexts, config.branding.support, config.branding.primaryColor, mailMark(config.branding));
    const images = brand.mark ? [brand.mark.light, ...(brand.mark.dark ? [brand.mark.dark] : [])] : [];
    const outbox = startOutbox(state, config.mail, fastify.limits.portalMail, fastify.log, { ...outboxOptions, images });
    fastify.decorate("state", state);
    fastify.decorate("outbox", outbox);
    const settingsUrl = `${config.origin}${paths.settings}`;
    const admins = lastAdmin({ identities: fastify.kratos.identities, state });
    const deletion = accountDeletion({ kratos: fastify.kratos, hydra: fastify.hydra, state, outbox, lastAdmin: admins, brand });
    fastify.decorate("accountDeletion", deletion);
    fastify.decorate(
      "userAdmin",
      userAdmin({ kratos: fastify.kratos, state, outbox, accountDeletion: deletion, lastAdmin: admins, settingsUrl, brand }),
    );
    fastify.decorate(
      "invitations",
      invitations({ kratos: fastify.kratos, state, outbox, origin: config.origin, lifespan: config.invitationLifespan, brand }),
    );
    const undo = undoLinks({ kratos: fastify.kratos, state, outbox, origin: config.origin, brand });
    fastify.decorate("undoLinks", undo);
    fastify.decorate("securityEvents", securityEvents(state, fastify.kratos.identities, outbox, settingsUrl, brand, undo));
    const failed = failedSignIns({
      state,
      identities: fastify.kratos.identities,
      outbox,
      brand,
      recoveryUrl: `${config.origin}${paths.recovery}`,
      lockWindowMs: config.limits.signInAccount.duration * 1000,
    });
    fastify.limits.onWrongPassword((request, account, lockedUntil) =>
      failed.record({ identifier: account, userAgent: request.headers["user-agent"], ip: request.ip, lockedUntil }, request.log),
    );
    fastify.addHook("onClose", async () => {
      await outbox.close();
      await state.close();
    });
  },
  { name: "services", dependencies: ["kratos", "hydra", "abuse-limits"] },
);
