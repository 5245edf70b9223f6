import { randomUUID } from 'node:crypto';
import http from 'node:http';
import net from 'node:net';
import { uiautomator2Xml } from './formats';
import type { UiNode } from '../../../src/worker/driver';
import { androidKeyCodeName } from '../../../src/worker/drivers/android-keycodes';
import { keyEvent, type ShellIo } from './shell-commands';
import type { StandinDevice } from './standin-device';
import type { AdbStream } from './transport';

/**
 * Appium's UiAutomator2 server as the stand-in runs it once its two packages are installed:
 * `am instrument -w … io.appium.uiautomator2.server.test/androidx.test.runner.AndroidJUnitRunner`
 * lives as long as its shell stream, and meanwhile the device's `tcp:6790` is an HTTP server
 * (a real node:http server on loopback, reached through the adb stream) answering
 * GET /status, POST /session, GET /session/:id/source and DELETE /session/:id from the virtual
 * device's tree, and the input routes POST /session/:id/actions, …/appium/device/press_keycode
 * and …/keys applied to it. Formats (README.md beside this file): the server's handlers (Status, NewSession,
 * Source, DeleteSession, AppiumResponse: `{"sessionId", "value"}`, errors as `{"error",
 * "message", "stacktrace"}` with 404 for an unknown session) and AOSP's `am instrument` output.
 */

export const UIA2_SERVER = 'io.appium.uiautomator2.server';
export const UIA2_TEST = 'io.appium.uiautomator2.server.test';
const COMPONENT = `${UIA2_TEST}/androidx.test.runner.AndroidJUnitRunner`;

type Ending = 'deleted' | 'killed' | 'crashed';

/** The server's state on one stand-in device, and the switches tests turn. */
export class Uia2Standin {
  /** `serve` answers; `crash` makes the instrumentation's process crash as it starts. */
  mode: 'serve' | 'crash' = 'serve';
  /** The next page source is answered wrongly: the session forgotten (404), or not JSON. */
  misbehave: 'forget-session' | 'not-json' | null = null;
  /** Requests the server answered, as `METHOD /path` with the session id written `:id`. */
  readonly requests: string[] = [];
  /** Instrumentations that started a server. */
  started = 0;
  private running: ((how: Ending) => void) | null = null;

  get isRunning(): boolean {
    return this.running !== null;
  }

  /** The server's process dies (as an app crash would end it). */
  crash(): void {
    this.running?.('crashed');
  }

  /** `am force-stop` of either package ends the instrumentation. */
  forceStop(): void {
    this.running?.('killed');
  }

  setRunning(stop: ((how: Ending) => void) | null): void {
    this.running = stop;
  }
}

const UIA2_FAILED = (component: string) =>
  // AOSP Instrument.java through `am`: the watcher's status bundle, then the exception on stderr.
  `INSTRUMENTATION_STATUS: id=ActivityManagerService\nINSTRUMENTATION_STATUS: Error=Unable to find instrumentation info for: ComponentInfo{${component}}\nINSTRUMENTATION_STATUS_CODE: -1\nandroid.util.AndroidException: INSTRUMENTATION_FAILED: ${component}\n\tat com.android.commands.am.Instrument.run(Instrument.java:519)\n\tat com.android.commands.am.Am.runInstrument(Am.java:196)\n\tat com.android.commands.am.Am.onRun(Am.java:80)\n`;
const CRASHED = 'INSTRUMENTATION_RESULT: shortMsg=Process crashed.\nINSTRUMENTATION_CODE: 0\n';

/** `am instrument [-w] [-e key value]… <package>/<runner>`. */
export async function instrument(dev: StandinDevice, args: string[], io: ShellIo): Promise<number> {
  const component = args.at(-1) ?? '';
  const installed = (p: string) => dev.virtual.listApps().some((a) => a.packageName === p);
  if (component !== COMPONENT || !installed(UIA2_TEST) || !installed(UIA2_SERVER)) {
    await io.write(UIA2_FAILED(component));
    return 1;
  }
  const state = dev.uia2;
  if (state.mode === 'crash') {
    await io.write(CRASHED);
    return 0;
  }
  state.started += 1;
  let end!: (how: Ending) => void;
  const ended = new Promise<Ending>((r) => (end = r));
  let session: string | null = null;
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (c: Buffer) => {
      size += c.length;
      if (size <= 1024 * 1024) chunks.push(c);
    });
    req.on('end', async () => {
      const reply = await answer(dev, req.method ?? 'GET', req.url ?? '/', Buffer.concat(chunks).toString('utf8'), {
        get: () => session,
        set: (id) => (session = id),
        end: () => setTimeout(() => end('deleted'), 15),
      });
      res.writeHead(reply.status, { 'content-type': 'application/json; charset=utf-8' });
      res.end(reply.raw ?? JSON.stringify(reply.body));
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const port = (server.address() as net.AddressInfo).port;
  const handler = (stream: AdbStream) => pipeToLoopback(stream, port);
  dev.sockets.set('tcp:6790', handler);
  state.setRunning(end);
  // AndroidJUnitRunner's first status: the test class, as the non-raw reporter prints it.
  await io.write(`\n${UIA2_TEST}.AppiumUiAutomator2Server:`);
  const t0 = Date.now();
  const closed = (async () => {
    while (!io.closed) await new Promise((r) => setTimeout(r, 50));
    return 'killed' as Ending;
  })();
  const how = await Promise.race([ended, closed]);
  state.setRunning(null);
  if (dev.sockets.get('tcp:6790') === handler) dev.sockets.delete('tcp:6790');
  server.closeAllConnections();
  await new Promise<void>((r) => server.close(() => r()));
  if (how === 'deleted') await io.write(`.\n\nTime: ${((Date.now() - t0) / 1000).toFixed(3)}\n\nOK (1 test)\n\n\n`);
  if (how === 'crashed') await io.write(CRASHED);
  return 0;
}

/** One adb stream to `tcp:6790` becomes one TCP connection to the loopback HTTP server. */
function pipeToLoopback(stream: AdbStream, port: number): void {
  const sock = net.connect(port, '127.0.0.1');
  stream.on('data', (d) => sock.write(d));
  stream.on('close', () => sock.destroy());
  sock.on('data', (d: Buffer) => {
    sock.pause();
    void stream.write(d).then(() => sock.resume());
  });
  sock.on('end', () => stream.end());
  sock.on('error', () => stream.end());
}

interface Reply {
  status: number;
  body: { sessionId: string | null; value: unknown };
  /** Bytes sent instead of the JSON body. */
  raw?: string;
}

function failure(status: number, sessionId: string | null, error: string, message: string): Reply {
  return {
    status,
    body: { sessionId, value: { error, message, stacktrace: `${error}: ${message}\n\tat io.appium.uiautomator2` } },
  };
}

async function answer(
  dev: StandinDevice,
  method: string,
  url: string,
  body: string,
  session: { get(): string | null; set(id: string | null): void; end(): void },
): Promise<Reply> {
  const path = url.split('?')[0]!;
  const parts = path.split('/').filter(Boolean);
  const id = parts[0] === 'session' ? (parts[1] ?? null) : null;
  const record = () => dev.uia2.requests.push(`${method} ${id ? path.replace(id, ':id') : path}`);
  if (method === 'GET' && path === '/status') {
    record();
    const version = dev.virtual.listApps().find((a) => a.packageName === UIA2_SERVER)?.version ?? 'unknown';
    return {
      status: 200,
      body: {
        sessionId: 'None',
        value: {
          ready: true,
          message: 'UiAutomator2 Server is ready to accept commands',
          build: { version, versionCode: 1 },
        },
      },
    };
  }
  if (method === 'POST' && path === '/session') {
    record();
    let caps: unknown;
    try {
      caps = (JSON.parse(body) as { capabilities?: unknown }).capabilities;
    } catch {
      caps = undefined;
    }
    if (!caps) return failure(500, null, 'session not created', "'capabilities' are mandatory for session creation");
    const created = randomUUID();
    session.set(created);
    return { status: 200, body: { sessionId: created, value: { capabilities: caps, sessionId: created } } };
  }
  if (
    id &&
    parts.length <= 3 &&
    (parts.length === 2 ? method === 'DELETE' : method === 'GET' && parts[2] === 'source')
  ) {
    record();
    // Only a page-source request misbehaves, once.
    const misbehave = method === 'GET' ? dev.uia2.misbehave : null;
    if (misbehave) dev.uia2.misbehave = null;
    if (misbehave === 'forget-session') session.set(null);
    if (id !== session.get())
      return failure(404, id, 'invalid session id', `The session identified by ${id} is not known`);
    if (misbehave === 'not-json')
      return { status: 200, body: { sessionId: id, value: null }, raw: '<html>busy</html>' };
    if (method === 'DELETE') {
      session.set(null);
      // The real server stops itself 15 ms after it answered.
      session.end();
      return { status: 200, body: { sessionId: id, value: null } };
    }
    const v = dev.virtual;
    const xml = uiautomator2Xml(v.uiTree(), v.foregroundApp() ?? 'com.android.launcher3', {
      ...v.screenInfo(),
      rotation: v.rotation / 90,
    });
    return { status: 200, body: { sessionId: id, value: xml } };
  }
  const command = parts.slice(2).join('/');
  if (id && method === 'POST' && INPUT_COMMANDS.has(command)) {
    record();
    if (id !== session.get())
      return failure(404, id, 'invalid session id', `The session identified by ${id} is not known`);
    let json: unknown;
    try {
      json = JSON.parse(body);
    } catch {
      return failure(400, id, 'invalid argument', 'The request body is not valid JSON');
    }
    try {
      const ok = await applyInput(dev, command, json);
      if (!ok)
        return failure(
          404,
          id,
          'no such element',
          'An element could not be located on the page using the given search parameters',
        );
      return { status: 200, body: { sessionId: id, value: null } };
    } catch (e) {
      return failure(400, id, 'invalid argument', (e as Error).message);
    }
  }
  return failure(404, id, 'unknown command', `The requested resource could not be found: ${method} ${path}`);
}

const INPUT_COMMANDS = new Set(['actions', 'appium/device/press_keycode', 'keys']);
/** The longest a chain of actions runs here (the real server runs it for as long as it says). */
const MAX_CHAIN_MS = 60_000;

/**
 * The input routes, applied to the virtual device as the stand-in's `input` applies its events:
 * W3C actions (W3CActions: one touch pointer's pointerMove/pointerDown/pause/pointerUp, run in
 * real time), press_keycode (PressKeyCode: `{keycode, metastate}`) and `/keys` (SendKeysToElement
 * without an element: the focused field gets the text; false when nothing is focused).
 */
async function applyInput(dev: StandinDevice, command: string, json: unknown): Promise<boolean> {
  const v = dev.virtual;
  if (command === 'keys') {
    const text = (json as { text?: unknown } | null)?.text;
    if (typeof text !== 'string') throw new Error("'text' must be a string");
    // The server looks the element up by `focused(true)`; here the focused node of the tree.
    const focused = (n: UiNode): boolean => n.focused || n.children.some(focused);
    if (!focused(v.uiTree())) return false;
    v.input({ kind: 'text', text });
    return true;
  }
  if (command === 'appium/device/press_keycode') {
    const code = (json as { keycode?: unknown } | null)?.keycode;
    const name = typeof code === 'number' ? androidKeyCodeName(code) : null;
    if (!name) throw new Error(`keycode ${String(code).slice(0, 20)} is not one this device knows`);
    v.input(keyEvent(name));
    return true;
  }
  const sources = (json as { actions?: unknown } | null)?.actions;
  if (!Array.isArray(sources) || sources.length !== 1) throw new Error('one input source is supported here');
  const src = sources[0] as { type?: unknown; parameters?: { pointerType?: unknown }; actions?: unknown };
  if (src.type !== 'pointer' || src.parameters?.pointerType !== 'touch' || !Array.isArray(src.actions))
    throw new Error('the input source must be a touch pointer');
  await runTouchChain(dev, src.actions as unknown[]);
  return true;
}

/**
 * One finger's chain. Down→up without moving is a tap, or a long press when held 500 ms or more
 * (as `input swipe x y x y 800` is here); with moves, touch phases start/move/end as minitouch
 * streams them.
 */
async function runTouchChain(dev: StandinDevice, items: unknown[]): Promise<void> {
  let x = 0;
  let y = 0;
  let down: { x: number; y: number; at: number; moved: boolean } | null = null;
  let elapsed = 0;
  const wait = async (ms: unknown) => {
    const d = typeof ms === 'number' && ms > 0 ? ms : 0;
    if (elapsed + d > MAX_CHAIN_MS) throw new Error(`the chain is longer than ${MAX_CHAIN_MS} ms`);
    elapsed += d;
    if (d > 0) await new Promise((r) => setTimeout(r, d));
  };
  for (const raw of items) {
    const item = raw as { type?: unknown; x?: unknown; y?: unknown; duration?: unknown; origin?: unknown };
    switch (item.type) {
      case 'pause':
        await wait(item.duration);
        break;
      case 'pointerMove': {
        if (typeof item.x !== 'number' || typeof item.y !== 'number') throw new Error('pointerMove needs x and y');
        if (item.origin !== undefined && item.origin !== 'viewport')
          throw new Error('only the viewport origin is supported');
        await wait(item.duration);
        x = item.x;
        y = item.y;
        if (down) {
          if (!down.moved) dev.virtual.input({ kind: 'touch', phase: 'start', x: down.x, y: down.y });
          down.moved = true;
          dev.virtual.input({ kind: 'touch', phase: 'move', x, y });
        }
        break;
      }
      case 'pointerDown':
        down = { x, y, at: elapsed, moved: false };
        break;
      case 'pointerUp': {
        if (!down) break;
        const d = down;
        down = null;
        if (d.moved) dev.virtual.input({ kind: 'touch', phase: 'end', x, y });
        else if (elapsed - d.at >= 500)
          dev.virtual.input({ kind: 'long_press', x: d.x, y: d.y, durationMs: elapsed - d.at });
        else dev.virtual.input({ kind: 'tap', x: d.x, y: d.y });
        break;
      }
      default:
        throw new Error(`unexpected action item ${String(item.type).slice(0, 30)}`);
    }
  }
}
