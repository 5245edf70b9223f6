import http from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';

/**
 * A fake language-model provider on loopback, speaking each provider's real wire format:
 * OpenAI chat completions (also the aggregator's and the platform's OpenAI-compatible endpoint),
 * Anthropic messages, Gemini generateContent, and the aggregator's models list. Replies are
 * scripted per test; every request is captured, normalised, for assertions.
 */

export type Wire = 'openai' | 'anthropic' | 'gemini' | 'openrouter' | 'platform';

/** A request as the fake saw it, the same whatever the wire format. */
export interface FakeCall {
  wire: Wire;
  model: string;
  /** The key the client sent (Authorization bearer, x-api-key or x-goog-api-key). */
  apiKey: string | null;
  system: string;
  /** Text of the last user turn (the agent puts the element list there). */
  lastUserText: string;
  /** Every text of the conversation, in order. */
  texts: string[];
  /** Images in the request, with their sizes. */
  images: Array<{ width: number; height: number; bytes: number }>;
  tools: string[];
  /** Tool results sent back to the model, in order. */
  toolResults: string[];
  /** The tool choice the client asked for, as sent. */
  toolChoice: unknown;
  raw: Record<string, unknown>;
}

export interface ToolCallReply {
  tool: string;
  input: Record<string, unknown>;
}

export type FakeTurn =
  | { tool: string; input: Record<string, unknown>; text?: string; usage?: { input: number; output: number } }
  | { calls: ToolCallReply[]; text?: string; usage?: { input: number; output: number } }
  | { text: string; usage?: { input: number; output: number } }
  /** A tool call whose arguments do not parse (OpenAI-style wires) or do not fit the tool (the others). */
  | { malformed: string; arguments: string; invalidInput: Record<string, unknown> }
  | { status: number; body?: unknown; headers?: Record<string, string> }
  /** An error answer that echoes the request's headers and URL, as some gateways do. */
  | { status: number; echoRequest: true }
  | { delayMs: number; then: FakeTurn }
  /** The reply waits until the test settles `held` (a call held in flight, released when the test says). */
  | { held: Promise<unknown>; then: FakeTurn };

export type Script = (call: FakeCall, n: number) => FakeTurn;

interface ParsedParts {
  texts: string[];
  images: string[];
  toolResults: string[];
  lastUser: string[];
}

function imageOfDataUrl(url: string): string | null {
  const m = /^data:image\/[a-z]+;base64,(.*)$/s.exec(url);
  return m ? m[1]! : null;
}

function parseOpenAi(body: Record<string, unknown>): ParsedParts & { system: string } {
  const out: ParsedParts & { system: string } = { texts: [], images: [], toolResults: [], lastUser: [], system: '' };
  for (const m of (body.messages as Array<{ role: string; content: unknown }>) ?? []) {
    const texts: string[] = [];
    if (typeof m.content === 'string') texts.push(m.content);
    else if (Array.isArray(m.content)) {
      for (const p of m.content as Array<Record<string, unknown>>) {
        if (p.type === 'text') texts.push(String(p.text));
        if (p.type === 'image_url') {
          const img = imageOfDataUrl(String((p.image_url as { url: string }).url));
          if (img) out.images.push(img);
        }
      }
    }
    if (m.role === 'system') out.system += texts.join('\n');
    else if (m.role === 'tool') out.toolResults.push(texts.join('\n'));
    else {
      out.texts.push(...texts);
      if (m.role === 'user') out.lastUser = texts;
    }
  }
  return out;
}

function parseAnthropic(body: Record<string, unknown>): ParsedParts & { system: string } {
  const sys = body.system;
  const system =
    typeof sys === 'string'
      ? sys
      : Array.isArray(sys)
        ? sys.map((s: { text?: string }) => s.text ?? '').join('\n')
        : '';
  const out: ParsedParts & { system: string } = { texts: [], images: [], toolResults: [], lastUser: [], system };
  for (const m of (body.messages as Array<{ role: string; content: unknown }>) ?? []) {
    const blocks =
      typeof m.content === 'string'
        ? [{ type: 'text', text: m.content }]
        : ((m.content as Array<Record<string, unknown>>) ?? []);
    const texts: string[] = [];
    for (const b of blocks) {
      if (b.type === 'text') texts.push(String(b.text));
      if (b.type === 'image') out.images.push(String((b.source as { data: string }).data));
      if (b.type === 'tool_result')
        out.toolResults.push(typeof b.content === 'string' ? b.content : JSON.stringify(b.content));
    }
    out.texts.push(...texts);
    if (m.role === 'user' && texts.length) out.lastUser = texts;
  }
  return out;
}

function parseGemini(body: Record<string, unknown>): ParsedParts & { system: string } {
  const sysParts = ((body.systemInstruction as { parts?: Array<{ text?: string }> } | undefined)?.parts ?? []).map(
    (p) => p.text ?? '',
  );
  const out: ParsedParts & { system: string } = {
    texts: [],
    images: [],
    toolResults: [],
    lastUser: [],
    system: sysParts.join('\n'),
  };
  for (const c of (body.contents as Array<{ role: string; parts: Array<Record<string, unknown>> }>) ?? []) {
    const texts: string[] = [];
    for (const p of c.parts ?? []) {
      if (typeof p.text === 'string') texts.push(p.text);
      if (p.inlineData) out.images.push(String((p.inlineData as { data: string }).data));
      if (p.functionResponse) {
        const response = (p.functionResponse as { response: { content?: unknown } }).response;
        out.toolResults.push(typeof response?.content === 'string' ? response.content : JSON.stringify(response));
      }
    }
    out.texts.push(...texts);
    if (c.role === 'user' && texts.length) out.lastUser = texts;
  }
  return out;
}

/** Prompt tokens as a provider would roughly count them: 4 characters a token, images in 512 px tiles (85 + 170 each). */
export function estimatePromptTokens(
  call: Pick<FakeCall, 'system' | 'texts' | 'toolResults' | 'images' | 'tools'>,
): number {
  const chars =
    call.system.length +
    call.texts.join('').length +
    call.toolResults.join('').length +
    call.tools.join('').length * 20;
  const imageTokens = call.images.reduce((sum, img) => {
    let { width: w, height: h } = img;
    const fit = Math.min(1, 2048 / Math.max(w, h));
    w *= fit;
    h *= fit;
    const short = Math.min(1, 768 / Math.min(w, h));
    w *= short;
    h *= short;
    return sum + 85 + 170 * Math.ceil(w / 512) * Math.ceil(h / 512);
  }, 0);
  return Math.ceil(chars / 4) + imageTokens;
}

const ERROR_BODIES: Record<'openai' | 'anthropic' | 'gemini', (status: number) => unknown> = {
  openai: (status) => ({
    error: {
      message: `fake error ${status}`,
      type: status === 401 ? 'invalid_request_error' : 'server_error',
      code: status === 401 ? 'invalid_api_key' : null,
    },
  }),
  anthropic: (status) => ({
    type: 'error',
    error: { type: status === 401 ? 'authentication_error' : 'api_error', message: `fake error ${status}` },
  }),
  gemini: (status) => ({
    error: { code: status, message: `fake error ${status}`, status: status === 403 ? 'PERMISSION_DENIED' : 'INTERNAL' },
  }),
};

function family(wire: Wire): 'openai' | 'anthropic' | 'gemini' {
  return wire === 'anthropic' ? 'anthropic' : wire === 'gemini' ? 'gemini' : 'openai';
}

let idCounter = 0;

function successBody(
  wire: Wire,
  model: string,
  turn: Exclude<FakeTurn, { status: number } | { delayMs: number } | { held: Promise<unknown> }>,
  usage: { input: number; output: number },
): unknown {
  const calls: Array<{ tool: string; input?: Record<string, unknown>; args?: string }> =
    'calls' in turn
      ? turn.calls
      : 'tool' in turn
        ? [{ tool: turn.tool, input: turn.input }]
        : 'malformed' in turn
          ? [{ tool: turn.malformed, args: turn.arguments, input: turn.invalidInput }]
          : [];
  const text = 'text' in turn ? (turn.text ?? '') : '';
  switch (family(wire)) {
    case 'openai':
      return {
        id: `chatcmpl-${++idCounter}`,
        object: 'chat.completion',
        created: Math.floor(Date.now() / 1000),
        model,
        choices: [
          {
            index: 0,
            message: {
              role: 'assistant',
              content: text || null,
              ...(calls.length
                ? {
                    tool_calls: calls.map((c) => ({
                      id: `call_${++idCounter}`,
                      type: 'function',
                      function: { name: c.tool, arguments: c.args ?? JSON.stringify(c.input) },
                    })),
                  }
                : {}),
            },
            finish_reason: calls.length ? 'tool_calls' : 'stop',
          },
        ],
        usage: {
          prompt_tokens: usage.input,
          completion_tokens: usage.output,
          total_tokens: usage.input + usage.output,
        },
      };
    case 'anthropic':
      return {
        id: `msg_${++idCounter}`,
        type: 'message',
        role: 'assistant',
        model,
        content: [
          ...(text ? [{ type: 'text', text }] : []),
          ...calls.map((c) => ({ type: 'tool_use', id: `toolu_${++idCounter}`, name: c.tool, input: c.input ?? {} })),
        ],
        stop_reason: calls.length ? 'tool_use' : 'end_turn',
        stop_sequence: null,
        usage: { input_tokens: usage.input, output_tokens: usage.output },
      };
    case 'gemini':
      return {
        candidates: [
          {
            content: {
              role: 'model',
              parts: [
                ...(text ? [{ text }] : []),
                ...calls.map((c) => ({ functionCall: { name: c.tool, args: c.input ?? {} } })),
              ],
            },
            finishReason: 'STOP',
            index: 0,
          },
        ],
        usageMetadata: {
          promptTokenCount: usage.input,
          candidatesTokenCount: usage.output,
          totalTokenCount: usage.input + usage.output,
        },
        modelVersion: model,
      };
  }
}

export interface FakeLlmServer {
  url: string;
  calls: FakeCall[];
  /** Replies from now on: a list played in order (then the last one repeats), or a function of each request. */
  script(replies: FakeTurn[] | Script): void;
  /** The aggregator's models list (GET …/models), and how it answers. */
  aggregatorModels: {
    status: number;
    data: Array<{ id: string; name: string; architecture: { input_modalities: string[] } }>;
  };
  /** Requests of the aggregator's models list. */
  modelListRequests: Array<{ apiKey: string | null }>;
  /** Environment variables aiming every provider at this server. */
  env(): Record<string, string>;
  close(): Promise<void>;
}

/** The element ref of the line naming `text` in the element list of the call's last screen (`e7 button "Sign in" …`). */
export function refOf(call: FakeCall, text: string): string {
  const line = call.lastUserText.split('\n').find((l) => l.includes(`"${text}"`) || l.includes(`#${text}`));
  const ref = line?.trim().split(' ')[0];
  if (!ref) throw new Error(`no element "${text}" in the screen sent to the model:\n${call.lastUserText}`);
  return ref;
}

export async function startFakeLlm(): Promise<FakeLlmServer> {
  let replies: FakeTurn[] | Script = [{ tool: 'step_done', input: { reasoning: 'nothing to do' } }];
  let n = 0;
  const server: FakeLlmServer = {
    url: '',
    calls: [],
    modelListRequests: [],
    aggregatorModels: {
      status: 200,
      data: [
        {
          id: 'openai/gpt-4.1-mini',
          name: 'OpenAI: GPT-4.1 Mini',
          architecture: { input_modalities: ['text', 'image'] },
        },
        { id: 'acme/vision-1', name: 'Acme: Vision 1', architecture: { input_modalities: ['image', 'text'] } },
        { id: 'acme/text-only', name: 'Acme: Text Only', architecture: { input_modalities: ['text'] } },
      ],
    },
    script(r) {
      replies = r;
      n = 0;
    },
    env() {
      return {
        PROVIDER_A_BASE_URL: `${this.url}/openai/v1`,
        PROVIDER_B_BASE_URL: `${this.url}/anthropic/v1`,
        PROVIDER_C_BASE_URL: `${this.url}/gemini/v1beta`,
        AGGREGATOR_BASE_URL: `${this.url}/openrouter/api/v1`,
        PLATFORM_AI_BASE_URL: `${this.url}/platform/v1`,
      };
    },
    close: () => new Promise((resolve) => httpServer.close(() => resolve())),
  };

  const next = (call: FakeCall): FakeTurn => {
    const i = n++;
    if (typeof replies === 'function') return replies(call, i);
    return replies[Math.min(i, replies.length - 1)]!;
  };

  const httpServer = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      void handle(req, res, Buffer.concat(chunks).toString('utf8')).catch((err) => {
        if (!res.headersSent) res.writeHead(500, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ error: { message: String(err) } }));
      });
    });
  });

  const send = (res: http.ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
    if (res.destroyed) return;
    res.writeHead(status, { 'content-type': 'application/json', ...headers });
    res.end(JSON.stringify(body));
  };

  async function handle(req: http.IncomingMessage, res: http.ServerResponse, text: string): Promise<void> {
    const url = req.url ?? '';
    const bearer = (req.headers.authorization ?? '').replace(/^Bearer /, '') || null;
    if (req.method === 'GET' && url === '/openrouter/api/v1/models') {
      server.modelListRequests.push({ apiKey: bearer });
      const m = server.aggregatorModels;
      return send(res, m.status, m.status === 200 ? { data: m.data } : { error: { message: 'no' } });
    }
    const body = JSON.parse(text || '{}') as Record<string, unknown>;
    let wire: Wire;
    let parsed: ParsedParts & { system: string };
    let model = String(body.model ?? '');
    let apiKey = bearer;
    let tools: string[];
    if (url.startsWith('/anthropic/')) {
      wire = 'anthropic';
      parsed = parseAnthropic(body);
      apiKey = (req.headers['x-api-key'] as string | undefined) ?? null;
      tools = ((body.tools as Array<{ name: string }>) ?? []).map((t) => t.name);
    } else if (url.startsWith('/gemini/')) {
      wire = 'gemini';
      parsed = parseGemini(body);
      apiKey = (req.headers['x-goog-api-key'] as string | undefined) ?? null;
      model = decodeURIComponent(/\/models\/([^:]+):generateContent/.exec(url)?.[1] ?? '');
      tools = ((body.tools as Array<{ functionDeclarations?: Array<{ name: string }> }>) ?? []).flatMap((t) =>
        (t.functionDeclarations ?? []).map((f) => f.name),
      );
    } else {
      wire = url.startsWith('/openrouter/') ? 'openrouter' : url.startsWith('/platform/') ? 'platform' : 'openai';
      parsed = parseOpenAi(body);
      tools = ((body.tools as Array<{ function: { name: string } }>) ?? []).map((t) => t.function.name);
    }
    const images = await Promise.all(
      parsed.images.map(async (b64) => {
        const buf = Buffer.from(b64, 'base64');
        const meta = await sharp(buf).metadata();
        return { width: meta.width ?? 0, height: meta.height ?? 0, bytes: buf.length };
      }),
    );
    const call: FakeCall = {
      wire,
      model,
      apiKey,
      system: parsed.system,
      lastUserText: parsed.lastUser.join('\n'),
      texts: parsed.texts,
      images,
      tools,
      toolResults: parsed.toolResults,
      toolChoice: body.tool_choice ?? body.toolConfig ?? null,
      raw: body,
    };
    server.calls.push(call);
    let turn = next(call);
    while ('delayMs' in turn || 'held' in turn) {
      if ('held' in turn) await turn.held;
      else {
        const wait = turn.delayMs;
        await new Promise((r) => setTimeout(r, wait));
      }
      turn = turn.then;
    }
    if ('echoRequest' in turn)
      return send(res, turn.status, {
        error: { message: `Bad request to ${url} with key ${apiKey}`, request: { url, headers: req.headers } },
      });
    if ('status' in turn)
      return send(res, turn.status, turn.body ?? ERROR_BODIES[family(wire)](turn.status), turn.headers);
    const usage = 'usage' in turn && turn.usage ? turn.usage : { input: estimatePromptTokens(call), output: 20 };
    return send(res, 200, successBody(wire, model, turn, usage));
  }

  await new Promise<void>((resolve) => httpServer.listen(0, '127.0.0.1', () => resolve()));
  server.url = `http://127.0.0.1:${(httpServer.address() as AddressInfo).port}`;
  return server;
}
