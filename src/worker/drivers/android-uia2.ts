import net from 'node:net';
import type { Duplex } from 'node:stream';
import type { DeviceClient } from '@devicefarmer/adbkit';
import { WebDriverHttp, webDriverError } from './android-uia2-http';
import { adbShellCommand, dumpsysPackageArgs, parseDumpsysVersion, parsePmListPackages } from './adb-commands';

/**
 * Appium's UiAutomator2 server on one device: the instrumentation APK pair from the
 * `appium-uiautomator2-server` package, started with `am instrument -w`, reached through an adb
 * forward of a free host port to its port 6790, speaking W3C WebDriver JSON over HTTP. The page
 * source it answers is the UI tree in one request (no file written and pulled, no new
 * UiAutomation connection per read, which is what makes `uiautomator dump` take seconds).
 * The steps follow appium-uiautomator2-driver: install when missing or of another version, force
 * stop leftovers, instrument, forward, wait for /status, POST /session.
 */

export const UIA2_SERVER_PACKAGE = 'io.appium.uiautomator2.server';
export const UIA2_TEST_PACKAGE = 'io.appium.uiautomator2.server.test';
const INSTRUMENTATION = `${UIA2_TEST_PACKAGE}/androidx.test.runner.AndroidJUnitRunner`;
const DEVICE_PORT = 'tcp:6790';
/** The server's minimum (its build's minSdk): Android 8.0. */
export const UIA2_MIN_SDK = 26;
/**
 * Android 9+ blocks non-SDK interfaces the server reaches by reflection; appium-uiautomator2-driver
 * relaxes the policy before it starts the server and puts the defaults back after. So does this.
 */
const HIDDEN_API_POLICY = ['hidden_api_policy_pre_p_apps', 'hidden_api_policy_p_apps', 'hidden_api_policy'];
const MAX_OUTPUT_CHARS = 8 * 1024;

export interface Uia2Apks {
  server: string;
  test: string;
  version: string;
}

/** The APK pair the npm package ships, or null when it is not installed. */
export async function loadUia2Apks(): Promise<Uia2Apks | null> {
  try {
    const m = await import('appium-uiautomator2-server');
    return { server: m.SERVER_APK_PATH, test: m.TEST_APK_PATH, version: m.version };
  } catch {
    return null;
  }
}

/** What the server needs of the device: adbkit's handle, the shell, and host-side forwards. */
export interface Uia2Device {
  device: DeviceClient;
  sh(words: string[], timeoutMs?: number): Promise<string>;
  forward(local: string, remote: string): Promise<void>;
  removeForward(local: string): Promise<void>;
}

export interface Uia2Options {
  apks: Uia2Apks;
  /** How long the server gets to answer /status after the instrumentation starts (default 30 s). */
  startTimeoutMs?: number;
  /** Limit of one page-source request (default 30 s). */
  requestTimeoutMs?: number;
  /** Limit of installing the two APKs (default 120 s). */
  installTimeoutMs?: number;
}

/** The server no longer knows the session (it restarted, or another client ended it). */
class SessionGone extends Error {}

/**
 * The server is alive but did not do what was asked: it answered a W3C error (`error` is its
 * code, like `no such element`), or this one request failed (`request failed`).
 */
export class Uia2Refused extends Error {
  constructor(
    message: string,
    readonly error: string,
  ) {
    super(message);
  }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function withTimeout<T>(work: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const limit = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} took longer than ${Math.round(ms / 1000)} s`)), ms);
  });
  try {
    return await Promise.race([work, limit]);
  } finally {
    clearTimeout(timer);
  }
}

async function freeLoopbackPort(): Promise<number> {
  const s = net.createServer();
  await new Promise<void>((resolve, reject) => s.once('error', reject).listen(0, '127.0.0.1', resolve));
  const port = (s.address() as net.AddressInfo).port;
  await new Promise<void>((r) => s.close(() => r()));
  return port;
}

export class UiAutomator2Server {
  private instrumentation: Duplex | null = null;
  private exited = true;
  private output = '';
  private http: WebDriverHttp | null = null;
  private local: string | null = null;
  private sessionId: string | null = null;
  private stopped = false;
  private restarting: Promise<void> | null = null;
  private relaxedPolicy = false;

  private constructor(
    private readonly dev: Uia2Device,
    private readonly opts: Uia2Options,
  ) {}

  /** Installs when needed, instruments, forwards and opens a session; cleans up what it did when a step fails. */
  static async start(dev: Uia2Device, opts: Uia2Options): Promise<UiAutomator2Server> {
    const server = new UiAutomator2Server(dev, opts);
    try {
      const sdk = Number((await dev.sh(['getprop', 'ro.build.version.sdk'])).trim());
      if (!(sdk >= UIA2_MIN_SDK))
        throw new Error(
          `the UiAutomator2 server needs SDK ${UIA2_MIN_SDK} (Android 8.0) or later; the device has ${sdk}`,
        );
      if (sdk >= 28) {
        server.relaxedPolicy = true;
        for (const k of HIDDEN_API_POLICY) await dev.sh(['settings', 'put', 'global', k, '1'], 10_000);
      }
      await withTimeout(
        server.ensureInstalled(),
        opts.installTimeoutMs ?? 120_000,
        'installing the UiAutomator2 server',
      );
      await server.openForward();
      await server.launch();
    } catch (e) {
      await server.stop();
      throw e;
    }
    return server;
  }

  get port(): number | null {
    return this.local ? Number(this.local.slice(4)) : null;
  }

  /** The page source (UiAutomator2's XML). A server whose instrumentation died is started once more. */
  async source(): Promise<string> {
    const value = await this.command('GET', '/source', undefined, this.opts.requestTimeoutMs ?? 30_000);
    if (typeof value !== 'string') throw new Error('the UiAutomator2 server answered the page source without text');
    return value;
  }

  /**
   * One request in the session (`/session/:id<suffix>`); its answer's value. A server that forgot
   * the session gets a new one, a dead one is started once more; an error it answered is thrown as
   * Uia2Refused (the server is alive), anything else means the server is gone.
   */
  async command(method: 'GET' | 'POST', suffix: string, body: unknown, timeoutMs: number): Promise<unknown> {
    if (this.stopped) throw new Error('the UiAutomator2 server was stopped');
    try {
      return await this.sessionCall(method, suffix, body, timeoutMs);
    } catch (e) {
      // A live server that forgot the session gets a new one; one that answered an error is left
      // as it is; a dead one is started again.
      if (e instanceof SessionGone && !this.exited) {
        await this.openSession();
        return this.sessionCall(method, suffix, body, timeoutMs);
      }
      if (e instanceof Uia2Refused) throw e;
      // Alive (it answers /status) but this request failed: a time limit, an answer not JSON.
      if (!this.exited && !(await this.dead())) throw new Uia2Refused((e as Error).message, 'request failed');
      this.restarting ??= this.restart().finally(() => (this.restarting = null));
      await this.restarting;
      return this.sessionCall(method, suffix, body, timeoutMs);
    }
  }

  /** Ends the session (the server then stops), the instrumentation, the forward and the sockets. */
  async stop(): Promise<void> {
    if (this.stopped) return;
    this.stopped = true;
    // A restart under way sees `stopped` and gives up; what it started is ended below.
    await this.restarting?.catch(() => undefined);
    await this.endInstrumentation();
    if (this.local) await this.dev.removeForward(this.local).catch(() => undefined);
    this.local = null;
    await this.http?.close().catch(() => undefined);
    this.http = null;
    if (this.relaxedPolicy)
      for (const k of HIDDEN_API_POLICY)
        await this.dev.sh(['settings', 'delete', 'global', k], 10_000).catch(() => undefined);
    this.relaxedPolicy = false;
  }

  private async ensureInstalled(): Promise<void> {
    const { apks } = this.opts;
    // `pm list packages <filter>` lists the names containing it: both packages of the pair.
    const present = new Set(
      parsePmListPackages(await this.dev.sh(['pm', 'list', 'packages', UIA2_SERVER_PACKAGE])).map((p) => p.packageName),
    );
    const version = present.has(UIA2_SERVER_PACKAGE)
      ? parseDumpsysVersion(await this.dev.sh(dumpsysPackageArgs(UIA2_SERVER_PACKAGE))).versionName
      : null;
    if (version === apks.version && present.has(UIA2_TEST_PACKAGE)) return;
    // The pair is built and signed together: another version of either goes before the install
    // (`pm install -r` refuses a downgrade and a different signature).
    for (const p of [UIA2_SERVER_PACKAGE, UIA2_TEST_PACKAGE])
      if (present.has(p)) await this.dev.device.uninstall(p).catch(() => undefined);
    await this.dev.device.install(apks.server);
    await this.dev.device.install(apks.test);
  }

  private async openForward(): Promise<void> {
    // A port found free may be taken before adb binds it: a few tries.
    for (let attempt = 1; ; attempt++) {
      const local = `tcp:${await freeLoopbackPort()}`;
      try {
        await this.dev.forward(local, DEVICE_PORT);
        this.local = local;
        break;
      } catch (e) {
        if (attempt >= 3) throw e;
      }
    }
    this.http = new WebDriverHttp(this.port!);
  }

  private async launch(): Promise<void> {
    // Leftovers of an earlier run hold the port and the UiAutomation connection.
    for (const p of [UIA2_SERVER_PACKAGE, UIA2_TEST_PACKAGE]) await this.dev.sh(['am', 'force-stop', p], 10_000);
    this.output = '';
    this.exited = false;
    const proc = await this.dev.device.shell(
      adbShellCommand(['am', 'instrument', '-w', '-e', 'disableAnalytics', 'true', INSTRUMENTATION]),
    );
    this.instrumentation = proc;
    proc.on('data', (c: Buffer) => {
      this.output = (this.output + c.toString('utf8')).slice(-MAX_OUTPUT_CHARS);
    });
    const ended = () => {
      if (this.instrumentation === proc) this.exited = true;
    };
    proc.on('end', ended);
    proc.on('close', ended);
    proc.on('error', ended);
    await this.waitReady();
    await this.openSession();
  }

  private async openSession(): Promise<void> {
    const created = await this.call(
      'POST',
      '/session',
      { capabilities: { firstMatch: [{}], alwaysMatch: {} } },
      30_000,
    );
    const value = created.value as { sessionId?: unknown } | null;
    const id = typeof value?.sessionId === 'string' ? value.sessionId : created.sessionId;
    if (created.status !== 200 || typeof id !== 'string' || !/^[\w-]{1,100}$/.test(id))
      throw new Error(
        `the UiAutomator2 server did not create a session (${created.status}: ${webDriverError(created.value)})`,
      );
    this.sessionId = id;
  }

  private async waitReady(): Promise<void> {
    const timeoutMs = this.opts.startTimeoutMs ?? 30_000;
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      if (this.exited) throw new Error(`the instrumentation ended before the server answered: ${this.lastOutput()}`);
      if (this.stopped) throw new Error('the UiAutomator2 server was stopped');
      const ready = await this.call('GET', '/status', undefined, 2000).then(
        (r) => r.status === 200 && (r.value as { ready?: unknown } | null)?.ready === true,
        () => false,
      );
      if (ready) return;
      if (Date.now() > deadline)
        throw new Error(`the UiAutomator2 server did not answer /status within ${Math.round(timeoutMs / 1000)} s`);
      await sleep(250);
    }
  }

  private async sessionCall(method: 'GET' | 'POST', suffix: string, body: unknown, timeoutMs: number) {
    if (!this.sessionId) throw new SessionGone('no session');
    const path = `/session/${this.sessionId}${suffix}`;
    const r = await this.call(method, path, body, timeoutMs);
    if (r.status === 404 && (r.value as { error?: unknown } | null)?.error === 'invalid session id')
      throw new SessionGone(webDriverError(r.value));
    if (r.status !== 200) {
      const what = `the UiAutomator2 server answered ${method} ${suffix} with ${r.status}: ${webDriverError(r.value)}`;
      const error = (r.value as { error?: unknown } | null)?.error;
      throw typeof error === 'string' ? new Uia2Refused(what, error) : new Error(what);
    }
    return r.value;
  }

  /** After a failed request: whether the server is gone (no /status answer). */
  private async dead(): Promise<boolean> {
    return this.call('GET', '/status', undefined, 2000).then(
      (r) => r.status !== 200,
      () => true,
    );
  }

  private async restart(): Promise<void> {
    await this.endInstrumentation();
    if (this.stopped) throw new Error('the UiAutomator2 server was stopped');
    await this.launch();
  }

  private async endInstrumentation(): Promise<void> {
    const id = this.sessionId;
    this.sessionId = null;
    // DELETE makes the server stop itself; force-stop ends it when it does not answer.
    if (id && !this.exited) await this.call('DELETE', `/session/${id}`, undefined, 2000).catch(() => undefined);
    const proc = this.instrumentation;
    this.instrumentation = null;
    this.exited = true;
    proc?.destroy();
    if (proc) await this.dev.sh(['am', 'force-stop', UIA2_SERVER_PACKAGE], 10_000).catch(() => undefined);
  }

  private lastOutput(): string {
    const lines = this.output.trim().split('\n').slice(-4).join(' | ');
    return lines || 'no output';
  }

  private call(method: 'GET' | 'POST' | 'DELETE', path: string, body: unknown, timeoutMs: number) {
    if (!this.http) return Promise.reject(new Error('the UiAutomator2 server has no connection'));
    return this.http.call(method, path, body, timeoutMs);
  }
}
