import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  to: string[];
  from: string;
  subject: string;
  /** Decoded text of the message (quoted-printable soft breaks removed). */
  text: string;
  raw: string;
  /** `Date.now()` when the server accepted the message. */
  receivedAt: number;
}

function decodeQuotedPrintable(body: string): string {
  return body
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

function parse(raw: string, to: string[], from: string): ReceivedMail {
  const [head = '', ...rest] = raw.split(/\r?\n\r?\n/);
  const unfolded = head.replace(/\r?\n[ \t]+/g, ' ');
  const subject = /^subject: (.*)$/im.exec(unfolded)?.[1] ?? '';
  const body = rest.join('\n\n');
  const text = /content-transfer-encoding: quoted-printable/i.test(raw) ? decodeQuotedPrintable(body) : body;
  return { to, from, subject, text, raw, receivedAt: Date.now() };
}

export interface SmtpServerOptions {
  /** Mails to these recipients are never answered (a stalled server) until `releaseStalled()`. */
  stall?: (to: string) => boolean;
}

/** A real SMTP server on loopback that keeps what it receives, for tests of outgoing mail. */
export async function startSmtpServer(options: SmtpServerOptions = {}) {
  const messages: ReceivedMail[] = [];
  const waiters: Array<() => void> = [];
  const stalled: Array<() => void> = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const to = session.envelope.rcptTo.map((r) => r.address);
        if (options.stall && to.some(options.stall)) {
          stalled.push(() => callback(new Error('stalled mail released unsent')));
          return;
        }
        const from = session.envelope.mailFrom ? session.envelope.mailFrom.address : '';
        messages.push(parse(Buffer.concat(chunks).toString('utf8'), to, from));
        for (const w of waiters.splice(0)) w();
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    /** Resolves with the first message (already received or arriving) that matches, or rejects after `timeoutMs`. */
    async waitFor(predicate: (m: ReceivedMail) => boolean, timeoutMs = 10_000): Promise<ReceivedMail> {
      const deadline = Date.now() + timeoutMs;
      while (true) {
        const found = messages.find(predicate);
        if (found) return found;
        const left = deadline - Date.now();
        if (left <= 0) throw new Error(`no matching mail within ${timeoutMs} ms (received ${messages.length})`);
        await new Promise<void>((resolve) => {
          const t = setTimeout(resolve, left);
          waiters.push(() => {
            clearTimeout(t);
            resolve();
          });
        });
      }
    },
    /** How many mails are held by `stall` right now. */
    stalledCount: () => stalled.length,
    /** Answers every stalled mail with an error, so that its sender gives up and retries later. */
    releaseStalled: () => {
      for (const release of stalled.splice(0)) release();
    },
    close: () => {
      for (const release of stalled.splice(0)) release();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
export type SmtpPeer = Awaited<ReturnType<typeof startSmtpServer>>;
