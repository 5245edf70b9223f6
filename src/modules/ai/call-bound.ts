import type { ModelMessage, ToolSet } from 'ai';
import { z } from 'zod';
import type { ModelRequest } from './model-call';

/**
 * What a model call may cost, worked out before it is made, so that usage credit can be held for
 * it (`docs/billing.md`, "Holds"). The reply is bounded by the call's `maxOutputTokens`; the prompt
 * is estimated from what is sent, generously: a token per two bytes of text (providers count
 * about one per four for English and JSON) and 2,000 tokens per image (OpenAI, Anthropic and
 * Gemini count 250 to 1,600 for a phone screenshot).
 */
export const BYTES_PER_TOKEN = 2;
export const IMAGE_TOKENS = 2000;
/** Framing each message and the request carry beyond their text. */
const MESSAGE_TOKENS = 10;
const REQUEST_TOKENS = 50;

const toolBytes = new WeakMap<ToolSet, number>();

function bytes(text: string): number {
  return Buffer.byteLength(text, 'utf8');
}

/** A tool set's definitions as sent (names, descriptions, input schemas), measured once per set. */
function toolSetBytes(tools: ToolSet): number {
  const known = toolBytes.get(tools);
  if (known !== undefined) return known;
  let total = 0;
  for (const [name, t] of Object.entries(tools)) {
    const def = t as { description?: string; inputSchema?: unknown };
    let schema = '';
    try {
      schema = JSON.stringify(
        def.inputSchema instanceof z.ZodType ? z.toJSONSchema(def.inputSchema, { io: 'input' }) : def.inputSchema,
      );
    } catch {
      // A schema that cannot be rendered is counted as a large one.
      schema = ' '.repeat(4000);
    }
    total += bytes(name) + bytes(def.description ?? '') + bytes(schema ?? '');
  }
  toolBytes.set(tools, total);
  return total;
}

function messageTokens(m: ModelMessage): number {
  if (typeof m.content === 'string') return Math.ceil(bytes(m.content) / BYTES_PER_TOKEN) + MESSAGE_TOKENS;
  let tokens = MESSAGE_TOKENS;
  for (const part of m.content as Array<{ type: string; text?: string }>) {
    if (part.type === 'image' || part.type === 'file') tokens += IMAGE_TOKENS;
    else if (part.type === 'text') tokens += Math.ceil(bytes(part.text ?? '') / BYTES_PER_TOKEN);
    else tokens += Math.ceil(bytes(JSON.stringify(part)) / BYTES_PER_TOKEN);
  }
  return tokens;
}

/** The tokens a request's prompt may count, at most as far as simdeck can tell (see above). */
export function promptTokenBound(request: ModelRequest): number {
  return (
    REQUEST_TOKENS +
    Math.ceil((bytes(request.system) + toolSetBytes(request.tools)) / BYTES_PER_TOKEN) +
    request.messages.reduce((sum, m) => sum + messageTokens(m), 0)
  );
}
