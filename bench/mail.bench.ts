import { startSmtpServer, type SmtpPeer } from '../test/harness/smtp';
import { percentile, startBenchServer, type BenchRow, type BenchServer } from './harness';

const SAMPLES = Number(process.env.BENCH_MAIL_SAMPLES ?? 50);
const BURST = 500;
const PASSWORD = 'bench-password-1';

const uniqueEmail = (tag: string) => `${tag}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.test`;

async function post(server: BenchServer, path: string, body: unknown): Promise<void> {
  const res = await fetch(`${server.url}/api/v1${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`POST ${path}: ${res.status} ${await res.text()}`);
}

/** Sends one request and returns how long until the SMTP peer accepted the mail it causes. */
async function requestToMail(
  smtp: SmtpPeer,
  email: string,
  request: () => Promise<void>,
  kind: RegExp,
): Promise<number> {
  const started = Date.now();
  await request();
  const mail = await smtp.waitFor((m) => m.to.includes(email) && kind.test(m.text), 30_000);
  return mail.receivedAt - started;
}

function latencyRow(name: string, samples: number[]): BenchRow {
  const sorted = [...samples].sort((a, b) => a - b);
  return {
    name,
    samples: sorted.length,
    'p50 ms': percentile(sorted, 50),
    'p99 ms': percentile(sorted, 99),
    'max ms': sorted.at(-1) ?? null,
  };
}

/**
 * Mail promptness against a loopback SMTP server, with the production polling interval: (a)
 * POST /auth/register → verification mail received, (b) POST /auth/forgot-password → reset mail
 * received, one request at a time; (c) 500 mails committed in one transaction → all received.
 */
export default async function mailBench(): Promise<BenchRow[]> {
  const smtp = await startSmtpServer();
  const server = await startBenchServer({ SMTP_URL: smtp.url });
  try {
    const registered: string[] = [];
    const register: number[] = [];
    for (let i = 0; i < SAMPLES; i++) {
      const email = uniqueEmail('mail-bench');
      register.push(
        await requestToMail(
          smtp,
          email,
          () => post(server, '/auth/register', { email, password: PASSWORD, organization_name: 'Bench' }),
          /verify-email/,
        ),
      );
      registered.push(email);
    }
    const forgot: number[] = [];
    for (const email of registered) {
      forgot.push(
        await requestToMail(smtp, email, () => post(server, '/auth/forgot-password', { email }), /reset-password/),
      );
    }

    const before = smtp.messages.length;
    const burstTag = `burst-${Date.now()}`;
    await server.container.db.transaction(async (tx) => {
      for (let i = 0; i < BURST; i++) {
        await server.container.jobs.send(
          'mail.send',
          { to: `${burstTag}-${i}@example.test`, subject: `Burst ${i}`, text: 'Throughput sample.\n' },
          { db: tx },
        );
      }
    });
    const started = Date.now();
    await smtp.waitFor(() => smtp.messages.length - before >= BURST, 120_000);
    const received = smtp.messages.filter((m) => m.to[0]?.startsWith(burstTag));
    const finished = Math.max(...received.map((m) => m.receivedAt));
    const seconds = (finished - started) / 1000;

    return [
      latencyRow('(a) POST /auth/register → verification mail received', register),
      latencyRow('(b) POST /auth/forgot-password → reset mail received', forgot),
      {
        name: `(c) ${BURST} mails committed at once → all received`,
        samples: received.length,
        'total ms': finished - started,
        'mails/s': Math.round(received.length / seconds),
      },
    ];
  } finally {
    await server.stop();
    await smtp.close();
  }
}
