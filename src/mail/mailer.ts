import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Transporter } from 'nodemailer';
import { loadNodemailer } from '../lazy-modules';
import { linksOf } from './mail-delivery';

/** A transport made (and nodemailer loaded) when the first mail is sent. */
function lazyTransport(options: Parameters<typeof import('nodemailer').createTransport>[0]) {
  let transport: Transporter | undefined;
  return {
    get: () => (transport ??= loadNodemailer().createTransport(options)),
    close: () => transport?.close(),
  };
}

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
  close(): void;
}

/**
 * Real SMTP delivery (SMTP_URL, e.g. smtp://user:pass@host:587) over a pool of reused
 * connections, so parallel mail jobs do not each pay a handshake. The timeouts bound how long a
 * stalled server holds a job (nodemailer waits minutes by default); parameters in the URL win.
 */
export function createSmtpMailer(smtpUrl: string, from: string): Mailer {
  const transport = lazyTransport({
    url: smtpUrl,
    pool: true,
    maxConnections: 5,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
  });
  return {
    async send(message) {
      await transport.get().sendMail({ from, ...message });
    },
    close: () => transport.close(),
  };
}

/**
 * Without SMTP, each mail is written as an .eml file under DATA_DIR/outbox. The log line names
 * the file and recipient; the body, which carries single-use tokens, stays out of the log unless
 * `logLinks` (a server on this machine, whose log is its developer's terminal): then each link of
 * the mail is printed whole, as the .eml's quoted-printable text would break it.
 */
export function createOutboxMailer(
  dir: string,
  from: string,
  log: FastifyBaseLogger,
  opts: { logLinks: boolean } = { logLinks: false },
): Mailer {
  const transport = lazyTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(message) {
      const info = await transport.get().sendMail({ from, ...message });
      await fs.mkdir(dir, { recursive: true });
      const file = path.join(
        dir,
        `${new Date().toISOString().replace(/[:.]/g, '-')}-${info.messageId.replace(/[^a-zA-Z0-9]/g, '').slice(0, 24)}.eml`,
      );
      await fs.writeFile(file, info.message as Buffer, { mode: 0o600 });
      log.info({ to: message.to, subject: message.subject, file }, 'mail written to outbox (no SMTP_URL configured)');
      if (opts.logLinks)
        for (const link of linksOf(message.text)) log.info({ to: message.to, link }, `mail to ${message.to}: ${link}`);
    },
    close: () => transport.close(),
  };
}
