import dns from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import type { FastifyBaseLogger } from 'fastify';
import { RequestFilteringHttpAgent, RequestFilteringHttpsAgent } from 'request-filtering-agent';
import { EMBEDDED_IPV4_RESOLVED, embedsIPv4, targetProblem, type WebhookTargetRules } from './webhook-target';

/** How much of an endpoint's answer is kept with the delivery. */
export const RESPONSE_EXCERPT_CHARS = 1024;
/** A delivery succeeds on a 2xx answer within this time. */
export const DELIVERY_TIMEOUT_MS = 10_000;

export interface SendResult {
  ok: boolean;
  status: number | null;
  excerpt: string | null;
  error: string | null;
  durationMs: number;
}

/** A sentence about a failed connection for the delivery record; the raw error goes to the log. */
function describeFailure(err: NodeJS.ErrnoException): string {
  if (err.code === EMBEDDED_CODE) return `Refused: ${EMBEDDED_IPV4_RESOLVED}`;
  if (/is not allowed/.test(err.message))
    return 'Refused: the target is or resolves to a private, loopback, link-local or metadata address (allowed only with WEBHOOK_ALLOW_PRIVATE=true)';
  switch (err.code) {
    case 'ECONNREFUSED':
      return 'The connection was refused';
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return 'The host name does not resolve';
    case 'ECONNRESET':
    case 'EPIPE':
      return 'The connection was closed before an answer';
    case 'ETIMEDOUT':
    case 'ENETUNREACH':
    case 'EHOSTUNREACH':
      return 'The target cannot be reached';
    default:
      return err.code?.startsWith('ERR_TLS') || /certificate/i.test(err.message)
        ? 'The TLS handshake failed'
        : 'The request could not be sent';
  }
}

const EMBEDDED_CODE = 'ESIMDECK_EMBEDDED_IPV4';

/** DNS answers with an IPv6 address that embeds an IPv4 one fail the lookup, whatever else is allowed. */
const lookupWithoutEmbedded: LookupFunction = (hostname, options, cb) =>
  dns.lookup(hostname, options, (err, address, family) => {
    if (err) return cb(err, '');
    const all = Array.isArray(address) ? address.map((a) => a.address) : [address];
    if (all.some(embedsIPv4))
      return cb(Object.assign(new Error(`${hostname}: ${EMBEDDED_IPV4_RESOLVED}`), { code: EMBEDDED_CODE }), '');
    cb(null, address, family);
  });

/**
 * POSTs webhook bodies. The target's port and literal host are checked first (the creation rules:
 * `targetProblem`); connections go through request-filtering agents, which check every address a
 * name resolves to at connect time (so a name that later resolves to a private address is refused
 * too), and a lookup that refuses IPv6 answers embedding an IPv4 address; redirects are never
 * followed; an answer must come within 10 s.
 */
export class WebhookSender {
  private readonly httpAgent: RequestFilteringHttpAgent;
  private readonly httpsAgent: RequestFilteringHttpsAgent;

  constructor(private readonly d: { rules: WebhookTargetRules; log: FastifyBaseLogger; timeoutMs?: number }) {
    const filter = {
      allowPrivateIPAddress: d.rules.allowPrivate,
      allowMetaIPAddress: false,
      keepAlive: true,
      maxSockets: 64,
    };
    this.httpAgent = new RequestFilteringHttpAgent(filter);
    this.httpsAgent = new RequestFilteringHttpsAgent(filter);
  }

  send(target: string, body: string, headers: Record<string, string>): Promise<SendResult> {
    const timeoutMs = this.d.timeoutMs ?? DELIVERY_TIMEOUT_MS;
    const started = performance.now();
    const problem = targetProblem(new URL(target), this.d.rules);
    if (problem)
      return Promise.resolve({ ok: false, status: null, excerpt: null, error: `Refused: ${problem}`, durationMs: 0 });
    return new Promise((resolve) => {
      let settled = false;
      let answered: { status: number; chunks: Buffer[]; size: number } | null = null;
      const finish = (r: Omit<SendResult, 'durationMs'>) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        resolve({ ...r, durationMs: Math.round(performance.now() - started) });
      };
      const fromAnswer = () => {
        const a = answered!;
        const ok = a.status >= 200 && a.status < 300;
        const error = ok
          ? null
          : a.status >= 300 && a.status < 400
            ? `The endpoint answered ${a.status}; redirects are not followed`
            : `The endpoint answered ${a.status}`;
        finish({
          ok,
          status: a.status,
          excerpt: Buffer.concat(a.chunks).toString('utf8').slice(0, RESPONSE_EXCERPT_CHARS),
          error,
        });
      };
      const url = new URL(target);
      const secure = url.protocol === 'https:';
      const req = (secure ? https : http).request(
        url,
        {
          method: 'POST',
          agent: secure ? this.httpsAgent : this.httpAgent,
          lookup: lookupWithoutEmbedded,
          headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) },
        },
        (res) => {
          answered = { status: res.statusCode ?? 0, chunks: [], size: 0 };
          res.on('data', (chunk: Buffer) => {
            const a = answered!;
            if (a.size < RESPONSE_EXCERPT_CHARS * 4) {
              a.chunks.push(chunk);
              a.size += chunk.length;
            }
            // Enough for the excerpt: the rest of a large answer is not read.
            if (a.size >= RESPONSE_EXCERPT_CHARS * 4) res.destroy();
          });
          res.on('end', fromAnswer);
          res.on('close', fromAnswer);
          res.on('error', fromAnswer);
        },
      );
      const timer = setTimeout(() => {
        req.destroy();
        if (answered) fromAnswer();
        else
          finish({
            ok: false,
            status: null,
            excerpt: null,
            error: `No answer within ${Math.round(timeoutMs / 1000)} s`,
          });
      }, timeoutMs);
      req.on('error', (err: NodeJS.ErrnoException) => {
        if (settled || answered) return;
        this.d.log.debug({ err: { message: err.message, code: err.code } }, 'webhook delivery failed to connect');
        finish({ ok: false, status: null, excerpt: null, error: describeFailure(err) });
      });
      req.end(body);
    });
  }

  close(): void {
    this.httpAgent.destroy();
    this.httpsAgent.destroy();
  }
}
