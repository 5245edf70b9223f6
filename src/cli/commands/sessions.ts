import fs from 'node:fs';
import type { Command } from 'commander';
import { UsageError } from '../api-client';
import { resolveLogin } from '../config-store';
import { registerSessionDeviceCommands } from './session-device';
import { action, examples, loggedInClient, output, printTable, type CommonOptions } from '../output';

interface Session {
  session_id: string;
  status: string;
  device_type: string;
  device_category: string;
  device_name: string | null;
  os_version: string | null;
  start_time: string | null;
}
interface Queued {
  status: 'queued';
  queue_entry_id: number;
  position: number;
  session_id: string;
}

const SESSION_COLUMNS = [
  'session_id',
  'status',
  'device_type',
  'device_category',
  'device_name',
  'os_version',
  'start_time',
] as const;
const query = (params: Record<string, string | number | undefined>) => {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== undefined) q.set(k, String(v));
  const s = q.toString();
  return s ? `?${s}` : '';
};
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Creates and starts a session; with `wait`, follows the queue until the device is up. */
async function startSession(o: {
  platform: string;
  category?: string;
  app?: string;
  build?: string;
  device?: string;
  wait?: boolean;
  timeout: string;
  json?: boolean;
}): Promise<Session> {
  if (!['ios', 'android'].includes(o.platform)) throw new UsageError('--platform must be ios or android');
  const api = loggedInClient();
  const body: Record<string, unknown> = {
    device_type: o.platform,
    device_category: o.category,
    app_id: o.app,
    specific_device_id: o.device,
  };
  if (o.build !== undefined) body.build_id = Number(o.build);
  const created = await api.post<Session>('/sessions/', body);
  const started = await api.post<Session | Queued>(`/sessions/${created.session_id}/start`, {});
  const say = (m: string) => !o.json && process.stderr.write(`${m}\n`);
  if (started.status === 'queued') say(`Queued: position ${(started as Queued).position}`);
  if (!o.wait)
    return started.status === 'queued' ? api.get<Session>(`/sessions/${created.session_id}`) : (started as Session);
  const until = Date.now() + Number(o.timeout) * 1000;
  let last = '';
  for (;;) {
    const s = await api.get<Session & { queue_position?: number | null }>(`/sessions/${created.session_id}`);
    if (s.status === 'active') return s;
    if (s.status === 'failed' || s.status === 'stopped')
      throw new UsageError(`The session ${s.status} before it became active`);
    const now = s.queue_position ? `queued: position ${s.queue_position}` : s.status;
    if (now !== last) say(`Session ${s.session_id}: ${now}`);
    last = now;
    if (Date.now() > until)
      throw new UsageError(
        `The session was not active within ${o.timeout} s (it is ${s.status}; stop it with \`simdeck sessions stop ${s.session_id}\`)`,
      );
    await sleep(1000);
  }
}

export function registerSessionCommands(program: Command): void {
  examples(
    program
      .command('devices')
      .description('List the devices (available or busy)')
      .option('--platform <platform>', 'ios or android')
      .option('--category <category>', 'phone, tablet or tv')
      .option('--json', 'machine-readable output')
      .action(
        action(async (o: CommonOptions & { platform?: string; category?: string }) => {
          const rows = await loggedInClient().get<Array<Record<string, unknown>>>(
            `/devices/${query({ device_type: o.platform, category: o.category })}`,
          );
          output(o, rows, () => printTable(rows, ['device_id', 'name', 'type', 'category', 'os_version', 'status']));
        }),
      ),
    ['simdeck devices', 'simdeck devices --platform android --json'],
  );

  const sessions = program.command('sessions').description('Device sessions: list, start, stop, screenshot, view');
  examples(
    sessions
      .command('list')
      .description('List sessions, newest first')
      .option('--status <status>', 'pending, starting, active, stopped or failed')
      .option('--limit <n>', 'at most this many (max 200)', '50')
      .option('--json', 'machine-readable output')
      .action(
        action(async (o: CommonOptions & { status?: string; limit: string }) => {
          const rows = await loggedInClient().get<Session[]>(
            `/sessions/${query({ status: o.status, limit: o.limit })}`,
          );
          output(o, rows, () => printTable(rows, SESSION_COLUMNS));
        }),
      ),
    ['simdeck sessions list --status active'],
  );
  examples(
    sessions
      .command('start')
      .description('Create and start a session; --wait waits in the queue until the device is up')
      .requiredOption('--platform <platform>', 'ios or android')
      .option('--category <category>', 'phone, tablet or tv')
      .option('--app <app_id>', "an app's public id, installed before the session is usable")
      .option('--build <build_id>', 'install this build of --app instead of the latest')
      .option('--device <device_id>', 'a specific device (see `simdeck devices`)')
      .option('--wait', 'wait until the session is active')
      .option('--timeout <seconds>', 'with --wait, give up after this long', '600')
      .option('--json', 'machine-readable output')
      .action(
        action(async (o: Parameters<typeof startSession>[0]) => {
          const s = await startSession(o);
          output(o, s, () => console.log(`${s.session_id}  ${s.status}${s.device_name ? `  ${s.device_name}` : ''}`));
        }),
      ),
    [
      'simdeck sessions start --platform android --wait',
      'simdeck sessions start --platform ios --category tablet --app app_123 --wait --json',
    ],
  );
  examples(
    sessions
      .command('stop <session_id>')
      .description('Stop a session and release its device')
      .option('--json', 'machine-readable output')
      .action(
        action(async (id: string, o: CommonOptions) => {
          const r = await loggedInClient().delete<{ status: string }>(`/sessions/${encodeURIComponent(id)}`);
          output(o, r, () => console.log(`Stopped ${id}`));
        }),
      ),
    ['simdeck sessions stop 5f0c…'],
  );
  examples(
    sessions
      .command('screenshot <session_id>')
      .description("Save a PNG of the session's screen")
      .option('-o, --output <file>', 'where to write it', 'screenshot.png')
      .option('--json', 'machine-readable output')
      .action(
        action(async (id: string, o: CommonOptions & { output: string }) => {
          const r = await loggedInClient().post<{ image: { data: string; width: number; height: number } }>(
            `/sessions/${encodeURIComponent(id)}/agent/tools`,
            { tool: 'screenshot' },
          );
          fs.writeFileSync(o.output, Buffer.from(r.image.data, 'base64'));
          output(o, { file: o.output, width: r.image.width, height: r.image.height }, () =>
            console.log(`Saved ${o.output} (${r.image.width}x${r.image.height})`),
          );
        }),
      ),
    ['simdeck sessions screenshot 5f0c… -o home.png'],
  );
  examples(
    sessions
      .command('view <session_id>')
      .description("Print the session's viewer URL (and the console's page of it)")
      .option('--with-token', "put your token in the viewer URL's fragment, so it opens signed in (do not share it)")
      .option('--json', 'machine-readable output')
      .action(
        action(async (id: string, o: CommonOptions & { withToken?: boolean }) => {
          const s = await loggedInClient().get<Session>(`/sessions/${encodeURIComponent(id)}`);
          const login = resolveLogin()!;
          const path = `/sessions/${encodeURIComponent(s.session_id)}`;
          const urls = {
            viewer_url: `${login.url}${path}/view${o.withToken ? `#token=${login.token}` : ''}`,
            console_url: `${login.url}${path}`,
            status: s.status,
          };
          output(o, urls, () => console.log(urls.viewer_url));
        }),
      ),
    ['simdeck sessions view 5f0c…', 'open "$(simdeck sessions view 5f0c… --with-token)"'],
  );
  registerSessionDeviceCommands(sessions);
}
