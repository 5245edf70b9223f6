import { McpServer, ResourceTemplate } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import { DEVICE_TOOLS } from '../../modules/ai';
import type { ApiClient } from '../api-client';
import { describeError } from '../output';
import { registerArtifactTools } from './artifacts';
import { registerBuildTools } from './builds';
import { registerCapabilityTools } from './device-capabilities';
import { type Reporter, RUN_TEST_INPUT, runTest, sleep, text } from './run-test';

const session_id = z.string().min(1).max(100).describe('the session to act on (from start_session)');
export type Handler = (args: Record<string, unknown>, report: Reporter) => Promise<CallToolResult>;

/** A device tool's result (POST /sessions/{id}/agent/tools) as MCP content: the image, or the detail and the new screen's elements. */
function deviceResult(r: {
  ok: boolean;
  detail: string;
  screen?: { width: number; height: number; elements: string[] };
  image?: { data: string };
  apps?: unknown[];
}): CallToolResult {
  if (r.image) return { content: [{ type: 'image', data: r.image.data, mimeType: 'image/png' }] };
  const parts = [r.ok ? r.detail : `Not done: ${r.detail}`];
  if (r.apps) parts.push(JSON.stringify(r.apps, null, 2));
  if (r.screen)
    parts.push(
      `Screen ${r.screen.width}x${r.screen.height} (refs valid for this screen):\n${r.screen.elements.join('\n')}`,
    );
  return { content: [{ type: 'text', text: parts.join('\n\n') }], isError: !r.ok };
}

/**
 * `simdeck mcp`: an MCP server on stdio for coding agents, a client of the public API only. The
 * device tools are the server's own (`/sessions/{id}/agent/tools`, the engine agent's definitions);
 * sessions and runs go through the session and CI endpoints. Every tool has a timeout, and errors
 * come back as `isError` results carrying the API's detail.
 */
export function createMcpServer(api: ApiClient, opts: { toolTimeoutMs?: number; pollMs?: number } = {}): McpServer {
  const server = new McpServer(
    { name: 'simdeck', version: '0.1.0' },
    {
      capabilities: { logging: {} },
      instructions:
        'Drive simdeck devices: start_session, then ui_tree / screenshot to look and tap / type_text / swipe / press_key to act (by element ref), stop_session when done. run_test runs a saved test or suite on a fresh device.',
    },
  );
  const pollMs = opts.pollMs ?? 1000;
  const device = (tool: string, args: Record<string, unknown>, signal: AbortSignal) => {
    const { session_id: id, ...rest } = args;
    return api
      .post<Parameters<typeof deviceResult>[0]>(
        `/sessions/${encodeURIComponent(String(id))}/agent/tools`,
        { tool, arguments: rest },
        signal,
      )
      .then(deviceResult);
  };

  const register = (
    name: string,
    description: string,
    input: z.ZodObject,
    handler: Handler,
    timeoutMs = opts.toolTimeoutMs ?? 90_000,
  ) => {
    server.registerTool(name, { description, inputSchema: input }, async (args, extra) => {
      const signal = AbortSignal.any([extra.signal, AbortSignal.timeout(timeoutMs)]);
      const token = extra._meta?.progressToken;
      const report: Reporter = {
        signal,
        async progress(step, message) {
          if (token !== undefined)
            await extra.sendNotification({
              method: 'notifications/progress',
              params: { progressToken: token, progress: step, message },
            });
          await server.sendLoggingMessage({ level: 'info', logger: 'simdeck', data: message }).catch(() => {});
        },
      };
      try {
        return await handler(args as Record<string, unknown>, report);
      } catch (err) {
        const detail =
          signal.aborted && !extra.signal.aborted
            ? `${name} did not finish within ${Math.round(timeoutMs / 1000)} s`
            : describeError(err);
        return { content: [{ type: 'text', text: detail }], isError: true };
      }
    });
  };

  register(
    'list_devices',
    'The devices of the simdeck fleet (available or busy).',
    z.object({
      platform: z.enum(['ios', 'android']).optional(),
      category: z.enum(['phone', 'tablet', 'tv']).optional(),
    }),
    async (a, r) => {
      const q = new URLSearchParams(
        Object.entries({ device_type: a.platform, category: a.category }).filter(
          (e): e is [string, string] => typeof e[1] === 'string',
        ),
      );
      return text(await api.get(`/devices/${q.size ? `?${q}` : ''}`, r.signal));
    },
  );

  register(
    'start_session',
    'Start a device session and wait (in the queue if every device is busy) until it is active. Returns the session; use its session_id with the device tools, and stop_session when done.',
    z.object({
      platform: z.enum(['ios', 'android']),
      category: z.enum(['phone', 'tablet', 'tv']).optional(),
      app_id: z.string().optional().describe("an app's public id, installed before the session is usable"),
      build_id: z.number().int().positive().optional().describe('with app_id: this build instead of the latest'),
    }),
    async (a, r) => {
      const created = await api.post<{ session_id: string }>(
        '/sessions/',
        { device_type: a.platform, device_category: a.category, app_id: a.app_id, build_id: a.build_id },
        r.signal,
      );
      const started = await api.post<{ status: string; position?: number }>(
        `/sessions/${created.session_id}/start`,
        {},
        r.signal,
      );
      let step = 0;
      let last = '';
      if (started.status === 'queued') await r.progress(++step, `queued: position ${started.position}`);
      for (;;) {
        const s = await api.get<{ session_id: string; status: string; queue_position?: number | null }>(
          `/sessions/${created.session_id}`,
          r.signal,
        );
        if (s.status === 'active') return text(s);
        if (s.status === 'failed' || s.status === 'stopped')
          return { ...text(`The session ${s.status} before it became active`), isError: true };
        const now = s.queue_position ? `queued: position ${s.queue_position}` : s.status;
        if (now !== last) await r.progress(++step, `session ${s.session_id}: ${now}`);
        last = now;
        await sleep(pollMs, r.signal);
      }
    },
    15 * 60_000,
  );

  register('stop_session', 'Stop a session and release its device.', z.object({ session_id }), async (a, r) =>
    text(await api.delete(`/sessions/${encodeURIComponent(String(a.session_id))}`, r.signal)),
  );

  const deviceTool = (name: string, tool: keyof typeof DEVICE_TOOLS, description = DEVICE_TOOLS[tool].description) =>
    register(
      name,
      `${description} Acting tools answer with the element list of the screen that follows.`,
      DEVICE_TOOLS[tool].input.extend({ session_id }),
      (a, r) => device(tool, a, r.signal),
    );
  deviceTool('screenshot', 'screenshot');
  deviceTool('ui_tree', 'ui_tree');
  deviceTool('tap', 'tap');
  deviceTool('type_text', 'type');
  deviceTool('swipe', 'swipe');
  deviceTool('scroll_until', 'scroll_until');
  deviceTool('press_key', 'press_key');
  deviceTool('go_back', 'go_back');
  deviceTool('launch_app', 'launch_app');
  deviceTool('double_tap', 'double_tap');
  deviceTool('long_press', 'long_press');
  deviceTool('set_orientation', 'set_orientation');
  registerBuildTools(api, register, device);
  registerCapabilityTools(api, register);
  registerArtifactTools(api, register);

  register(
    'list_apps',
    "With a session_id: the apps installed on that device. Without: the organization's uploaded apps (their public ids for start_session).",
    z.object({ session_id: session_id.optional() }),
    async (a, r) => (a.session_id ? device('list_apps', a, r.signal) : text(await api.get('/apps/', r.signal))),
  );

  register(
    'run_test',
    'Run a saved test case (test_id) or suite (suite_id), on the session the agent holds (session_id) or on a device the server allocates, wait for it to end, and return the result per step (test) or per case (suite).',
    RUN_TEST_INPUT,
    (a, r) => runTest(api, RUN_TEST_INPUT.parse(a), r, pollMs),
    60 * 60_000,
  );

  server.registerResource(
    'suites',
    'simdeck://suites',
    { title: "The organization's test suites", mimeType: 'application/json' },
    async (uri) => ({
      contents: [
        {
          uri: uri.href,
          mimeType: 'application/json',
          text: JSON.stringify(await api.get('/ci/list-suites'), null, 2),
        },
      ],
    }),
  );
  server.registerResource(
    'recent-runs',
    'simdeck://runs/recent',
    { title: 'The latest run of each suite, most recent first', mimeType: 'application/json' },
    async (uri) => {
      const suites =
        await api.get<
          Array<{ public_id: string; name: string; last_run_status: string | null; last_run_at: string | null }>
        >('/tests/suites');
      const runs = suites
        .filter((s) => s.last_run_at)
        .sort((x, y) => (x.last_run_at! < y.last_run_at! ? 1 : -1))
        .map((s) => ({ suite_id: s.public_id, suite_name: s.name, status: s.last_run_status, at: s.last_run_at }));
      return { contents: [{ uri: uri.href, mimeType: 'application/json', text: JSON.stringify(runs, null, 2) }] };
    },
  );
  server.registerResource(
    'case-runs',
    new ResourceTemplate('simdeck://cases/{case_id}/runs', { list: undefined }),
    { title: "A test case's runs, most recent first", mimeType: 'application/json' },
    async (uri, { case_id }) => ({
      contents: [
        {
          uri: uri.href,
          mimeType: 'application/json',
          text: JSON.stringify(await api.get(`/tests/cases/${encodeURIComponent(String(case_id))}/runs`), null, 2),
        },
      ],
    }),
  );
  return server;
}

/** Serves MCP on stdin/stdout until the client closes it; nothing else may write to stdout. */
export async function serveMcpOnStdio(api: ApiClient): Promise<void> {
  const server = createMcpServer(api);
  const transport = new StdioServerTransport();
  const closed = new Promise<void>((resolve) => {
    transport.onclose = () => resolve();
  });
  await server.connect(transport);
  process.stdin.once('end', () => void server.close());
  await closed;
}
