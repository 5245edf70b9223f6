import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import type { ApiClient } from '../api-client';
import type { Reporter } from './run-test';
import { text } from './run-test';

type Register = (
  name: string,
  description: string,
  input: z.ZodObject,
  handler: (args: Record<string, unknown>, report: Reporter) => Promise<CallToolResult>,
) => void;

const session_id = z.string().min(1).max(100).describe('the session to act on (from start_session)');
const enc = (v: unknown) => encodeURIComponent(String(v));

interface LogLine {
  seq: number;
  at: string;
  level: string;
  source: string;
  tag: string;
  message: string;
  step_index?: number | null;
}

/** Lines as an agent reads them: one per line, time, level, tag and message. */
function logText(lines: LogLine[], next: number | null): CallToolResult {
  const body = lines.map(
    (l) =>
      `${l.at} ${l.level.toUpperCase().padEnd(5)} ${l.source === 'app' ? 'app' : 'sys'} ${l.tag}: ${l.message}` +
      (l.step_index === undefined || l.step_index === null ? '' : `  [step ${l.step_index + 1}]`),
  );
  const tail = next === null ? [] : [`(next_since: ${next})`];
  return { content: [{ type: 'text', text: [...(body.length ? body : ['(no lines)']), ...tail].join('\n') }] };
}

/**
 * `start_recording`, `stop_recording` and `read_logs` (docs/artifacts.md): a session's screen
 * recording and device log, or a finished run's log slice.
 */
export function registerArtifactTools(api: ApiClient, register: Register): void {
  register(
    'start_recording',
    "Start recording the session's screen (H.264 MP4). One recording at a time per session; a session that ends stops it.",
    z.object({ session_id }),
    async (a, r) => text(await api.post(`/sessions/${enc(a.session_id)}/recording/start`, {}, r.signal)),
  );
  register(
    'stop_recording',
    'Stop the session’s recording; returns its url (GET with the API token), duration and size.',
    z.object({ session_id }),
    async (a, r) => text(await api.post(`/sessions/${enc(a.session_id)}/recording/stop`, {}, r.signal)),
  );
  register(
    'read_logs',
    "The device log of a session (session_id; pages with since) or of a finished run (run_id, each line with its step): launches, screens, the app's lines, crashes, the system's errors. level keeps that level and above; q filters by text.",
    z.object({
      session_id: session_id.optional(),
      run_id: z.string().min(1).max(100).optional().describe("a test run's public id"),
      level: z.enum(['debug', 'info', 'warn', 'error', 'fatal']).optional(),
      q: z.string().max(200).optional(),
      since: z.number().int().min(0).optional().describe('a session log cursor (next_since of the last answer)'),
      limit: z.number().int().min(1).max(1000).optional(),
    }),
    async (a, r) => {
      const params = new URLSearchParams();
      for (const k of ['level', 'q', 'since', 'limit'] as const)
        if (a[k] !== undefined && !(a.run_id && (k === 'since' || k === 'limit'))) params.set(k, String(a[k]));
      const qs = params.size ? `?${params}` : '';
      if (a.run_id) {
        const page = await api.get<{ lines: LogLine[] }>(`/tests/runs/${enc(a.run_id)}/logs${qs}`, r.signal);
        return logText(page.lines, null);
      }
      if (!a.session_id)
        return { content: [{ type: 'text', text: 'read_logs needs a session_id or a run_id' }], isError: true };
      const page = await api.get<{ lines: LogLine[]; next_since: number }>(
        `/sessions/${enc(a.session_id)}/logs${qs}`,
        r.signal,
      );
      return logText(page.lines, page.next_since);
    },
  );
}
