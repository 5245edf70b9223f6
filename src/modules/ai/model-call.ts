import { setTimeout as delay } from 'node:timers/promises';
import type { tool as aiTool, LanguageModel, ModelMessage, ToolSet } from 'ai';
import { loadAi } from '../../lazy-modules';
import { redactSecrets } from '../../redact';
import type { FastifyBaseLogger } from 'fastify';
import type { AiProvider } from '../../db/schema';

/** The AI SDK's `tool()` (an identity with typing), without loading the SDK until a model is called. */
export const tool = ((definition: unknown) => definition) as typeof aiTool;

/** Why a model call failed, as far as simdeck needs to know to act on it. */
export type FailureKind =
  | 'auth'
  | 'quota'
  | 'rate_limited'
  | 'server'
  | 'timeout'
  | 'unreachable'
  | 'unknown_model'
  | 'refused';

const RETRYABLE: ReadonlySet<FailureKind> = new Set(['rate_limited', 'server', 'timeout', 'unreachable']);
/** A Retry-After longer than this is not waited for: the call is retried after this long. */
export const MAX_RETRY_AFTER_MS = 30_000;

/** A call that failed for good; `detail` is a sentence for the run or the client, without addresses or provider bodies. */
export class ModelCallFailure extends Error {
  constructor(
    readonly kind: FailureKind,
    readonly detail: string,
  ) {
    super(detail);
    this.name = 'ModelCallFailure';
  }
}

export interface ModelTarget {
  model: LanguageModel;
  provider: AiProvider;
  modelName: string;
  /** The key sent with the call: never logged, even when the provider echoes it back. */
  apiKey?: string;
}

export interface ModelRequest {
  system: string;
  messages: ModelMessage[];
  tools: ToolSet;
  /** The reply's length cap: what bounds a call's cost (with the prompt) before it is made. */
  maxOutputTokens: number;
}

/** A tool call as the model made it; `problem` says why its input does not fit the tool. */
export interface ToolCallMade {
  id: string;
  name: string;
  input: unknown;
  problem: string | null;
}

export interface ModelReply {
  toolCalls: ToolCallMade[];
  text: string;
  inputTokens: number;
  outputTokens: number;
  /** Wall time of the call that answered (retries and backoff excluded). */
  ms: number;
}

export interface CallPolicy {
  timeoutMs: number;
  maxRetries: number;
  retryBaseMs: number;
}

function classify(err: unknown, timedOut: boolean): { kind: FailureKind; status: number | undefined } {
  if (timedOut) return { kind: 'timeout', status: undefined };
  if (!loadAi().APICallError.isInstance(err)) return { kind: 'server', status: undefined };
  const status = err.statusCode;
  const body = err.responseBody ?? '';
  if (status === undefined) return { kind: 'unreachable', status };
  if (
    status === 401 ||
    status === 403 ||
    (status === 400 && /API_KEY_INVALID|api key not valid|invalid api key/i.test(body))
  )
    return { kind: 'auth', status };
  if (
    status === 402 ||
    (status === 429 && /insufficient_quota|quota|billing|credit/i.test(body)) ||
    (status === 400 && /credit balance/i.test(body))
  )
    return { kind: 'quota', status };
  if (status === 429) return { kind: 'rate_limited', status };
  if (status === 404) return { kind: 'unknown_model', status };
  if (status >= 500 || status === 408 || status === 409) return { kind: 'server', status };
  return { kind: 'refused', status };
}

function describe(
  kind: FailureKind,
  t: ModelTarget,
  status: number | undefined,
  attempts: number,
  timeoutMs: number,
): string {
  switch (kind) {
    case 'auth':
      return `The provider rejected the key for ${t.provider}`;
    case 'quota':
      return `${t.provider} reports that the key's quota or credit is used up`;
    case 'rate_limited':
      return `${t.provider} kept answering "too many requests" (HTTP 429) after ${attempts} attempts`;
    case 'server':
      return `${t.provider} failed to answer${status ? ` (HTTP ${status})` : ''} after ${attempts} attempts`;
    case 'timeout':
      return `The model ${t.modelName} (${t.provider}) did not answer within ${timeoutMs / 1000} s (${attempts} attempts)`;
    case 'unreachable':
      return `${t.provider} could not be reached (${attempts} attempts)`;
    case 'unknown_model':
      return `${t.provider} does not know the model ${t.modelName}`;
    case 'refused':
      return `${t.provider} refused the request (HTTP ${status}); the model may not take images or tools`;
  }
}

/** Why a tool call's input does not fit its tool (the SDK marks such calls `invalid`), or null. */
function problemOf(call: unknown): string | null {
  const c = call as { invalid?: boolean; error?: unknown };
  if (!c.invalid) return null;
  return (c.error instanceof Error ? c.error.message : 'the input does not fit the tool').slice(0, 400);
}

/** How long to wait before retry `attempt` (0-based): the provider's Retry-After, else exponential with jitter. */
function backoffMs(err: unknown, attempt: number, baseMs: number): number {
  const headers = loadAi().APICallError.isInstance(err) ? (err.responseHeaders ?? {}) : {};
  const ms = Number(headers['retry-after-ms']);
  if (Number.isFinite(ms) && ms >= 0) return Math.min(ms, MAX_RETRY_AFTER_MS);
  const after = headers['retry-after'];
  if (after !== undefined) {
    const seconds = Number(after);
    const at = Number.isFinite(seconds) ? seconds * 1000 : Date.parse(after) - Date.now();
    if (Number.isFinite(at)) return Math.min(Math.max(0, at), MAX_RETRY_AFTER_MS);
  }
  return Math.round(baseMs * 2 ** attempt * (1 + Math.random() / 4));
}

/**
 * One model call with tools: bounded by `timeoutMs` per attempt,
 * retried with backoff on 429, 5xx, timeouts and network failures. A stop of the run (`signal`)
 * propagates its own reason; any other failure is a ModelCallFailure, logged with its cause.
 */
export async function callModel(
  target: ModelTarget,
  request: ModelRequest,
  policy: CallPolicy,
  signal: AbortSignal,
  log: FastifyBaseLogger,
): Promise<ModelReply> {
  for (let attempt = 0; ; attempt++) {
    signal.throwIfAborted();
    const timeout = AbortSignal.timeout(policy.timeoutMs);
    const started = performance.now();
    try {
      const r = await loadAi().generateText({
        model: target.model,
        system: request.system,
        messages: request.messages,
        tools: request.tools,
        maxOutputTokens: request.maxOutputTokens,
        // Not 'required': a model that answers in words is told to call a tool, and its tokens are still counted.
        toolChoice: 'auto',
        maxRetries: 0,
        abortSignal: AbortSignal.any([signal, timeout]),
      });
      return {
        toolCalls: r.toolCalls.map((c) => ({
          id: c.toolCallId,
          name: c.toolName,
          input: c.input,
          problem: problemOf(c),
        })),
        text: r.text,
        inputTokens: r.usage.inputTokens ?? 0,
        outputTokens: r.usage.outputTokens ?? 0,
        ms: Math.round(performance.now() - started),
      };
    } catch (err) {
      signal.throwIfAborted();
      const { kind, status } = classify(err, timeout.aborted);
      // Not the error itself: it carries the whole request, screenshots included. What is logged
      // of the provider's answer has every secret taken out: a provider may echo the request's
      // headers, and with them the key.
      const body = loadAi().APICallError.isInstance(err) ? err.responseBody : undefined;
      const known = [target.apiKey];
      log.warn(
        {
          provider: target.provider,
          model: target.modelName,
          kind,
          status,
          attempt,
          cause: redactSecrets(err instanceof Error ? err.message : String(err), known).slice(0, 300),
          body: body === undefined ? undefined : redactSecrets(body, known).slice(0, 500),
        },
        'model call failed',
      );
      if (!RETRYABLE.has(kind) || attempt >= policy.maxRetries)
        throw new ModelCallFailure(kind, describe(kind, target, status, attempt + 1, policy.timeoutMs));
      await delay(backoffMs(err, attempt, policy.retryBaseMs), undefined, { signal }).catch(() =>
        signal.throwIfAborted(),
      );
    }
  }
}
