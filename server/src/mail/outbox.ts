// Sends the outbox's mail through the SMTP server Kratos uses, with
// nodemailer. A mail that cannot be sent waits in the outbox (portal-state.ts:
// Redis or a file) and is tried again with a growing pause, across restarts;
// after maxAgeMs it is given up, and the log says so. Every mail the portal
// sends comes through here, and each first takes a point of its address's
// quota (LIMIT_PORTAL_MAIL_ADDRESS, counted where the abuse limits count):
// over it, the mail is not queued at all. nodemailer is loaded with the first
// mail to send, not at start: most of a portal's life sends none, and the
// image's server holds its code only once it is needed (docs/benchmarks.md).
// A mail goes as multipart/alternative, its plain text and its HTML, with the
// brand's images the HTML shows by cid: beside the HTML (multipart/related).
import type { FastifyBaseLogger } from "fastify";
import type { Transporter } from "nodemailer";
import type { MailConfig } from "../config.js";
import type { MailImage, OutboxEntry, OutboxStore, OutgoingMail } from "./types.js";

/**
 * nodemailer's options for Kratos' SMTP URI. Kratos speaks smtps:// as TLS
 * from the start and smtp:// with STARTTLS required, unless
 * ?disable_starttls=true; ?skip_ssl_verify=true accepts any certificate.
 */
export function transportOptions(uri: string) {
  const url = new URL(uri);
  const secure = url.protocol === "smtps:";
  const params = url.searchParams;
  const plain = params.get("disable_starttls") === "true";
  return {
    host: url.hostname.replace(/^\[|\]$/g, ""),
    port: url.port ? Number(url.port) : secure ? 465 : 587,
    secure,
    requireTLS: !secure && !plain,
    ignoreTLS: !secure && plain,
    auth: url.username ? { user: decodeURIComponent(url.username), pass: decodeURIComponent(url.password) } : undefined,
    tls: { rejectUnauthorized: params.get("skip_ssl_verify") !== "true", servername: params.get("server_name") ?? undefined },
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 20_000,
  };
}

export interface OutboxOptions {
  /** How long a claimed mail is this portal's before another may try it. */
  leaseMs?: number;
  /** How often the outbox is looked at when nothing new came. */
  pollMs?: number;
  /** The first pause after a failure; it doubles each time, up to maxDelayMs. */
  firstDelayMs?: number;
  maxDelayMs?: number;
  /** After this long unsent, a mail is given up. */
  maxAgeMs?: number;
  /** The brand's images (the mark), attached to each mail whose HTML shows them. */
  images?: MailImage[];
}

/** Takes a point of the address's mail quota; false when it is spent. */
export type MailQuota = (address: string) => Promise<boolean>;

export interface Outbox {
  /** Queues the mail (durably) and sends it soon, unless its address's quota is spent: false then, and nothing queued. */
  send(mail: OutgoingMail): Promise<boolean>;
  /** Sends what is due now; resolves when that round is done. */
  flush(): Promise<void>;
  close(): Promise<void>;
}

export function startOutbox(
  state: { outbox: OutboxStore },
  mail: MailConfig,
  quota: MailQuota,
  log: FastifyBaseLogger,
  options: OutboxOptions = {},
): Outbox {
  const {
    leaseMs = 120_000,
    pollMs = 5_000,
    firstDelayMs = 30_000,
    maxDelayMs = 3_600_000,
    maxAgeMs = 3 * 86_400_000,
    images = [],
  } = options;
  let transport: Promise<Transporter> | undefined;
  const transporter = () =>
    (transport ??= import("nodemailer").then(({ createTransport }) => createTransport(transportOptions(mail.smtpUri))));
  let round: Promise<void> = Promise.resolve();
  let closed = false;

  async function deliver(entry: OutboxEntry): Promise<void> {
    try {
      const { to, subject, text, html } = entry.mail;
      const attachments = images
        .filter((image) => html?.includes(`cid:${image.cid}`))
        .map(({ cid, filename, contentType, content }) => ({
          cid,
          filename,
          contentType,
          content: Buffer.from(content),
          contentDisposition: "inline" as const,
        }));
      await (await transporter()).sendMail({ from: mail.from, to, subject, text, html, attachments });
      await state.outbox.sent(entry.id);
    } catch (error) {
      const attempts = entry.attempts + 1;
      // Never the address or the SMTP URI: the code and the server's reply code say what went wrong.
      const { code, responseCode } = error as { code?: string; responseCode?: number };
      if (Date.now() - entry.queuedAt > maxAgeMs) {
        log.error({ attempts, code, responseCode }, "a security mail could not be sent for days and was given up");
        await state.outbox.sent(entry.id);
        return;
      }
      const delay = Math.min(maxDelayMs, firstDelayMs * 2 ** (attempts - 1));
      log.warn({ attempts, code, responseCode, retryInMs: delay }, "a security mail could not be sent; it waits in the outbox");
      await state.outbox.later({ ...entry, attempts }, Date.now() + delay);
    }
  }

  const runRound = async () => {
    try {
      for (;;) {
        const entries = await state.outbox.claim(20, leaseMs);
        if (entries.length === 0) return;
        await Promise.all(entries.map(deliver));
      }
    } catch (error) {
      log.warn({ err: { message: (error as Error).message } }, "the outbox could not be read; trying again soon");
    }
  };

  const flush = () => {
    if (closed) return round;
    round = round.then(runRound);
    return round;
  };
  const timer = setInterval(() => {
    void flush();
  }, pollMs);
  timer.unref();
  void flush();

  return {
    async send(outgoing) {
      if (!(await quota(outgoing.to))) {
        // Never the address: the log says only that a quota held.
        log.warn({ rule: "portal-mail-address" }, "a mail was not sent: its address had all the portal's mails of the window");
        return false;
      }
      await state.outbox.add(outgoing);
      void flush();
      return true;
    },
    flush,
    async close() {
      clearInterval(timer);
      await round;
      closed = true;
      (await transport)?.close();
    },
  };
}
