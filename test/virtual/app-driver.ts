import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { UiNode } from '../../src/worker/driver';
import { createVirtualDriver } from '../../src/worker/drivers/virtual-driver';
import { center, findAll } from './ui';

/**
 * A virtual app on a fresh virtual phone, driven by element ids the way a person would: controls
 * off screen are scrolled to first. For tests of example apps and for rendering their screens.
 */
export interface AppOnDevice {
  readonly driver: ReturnType<typeof createVirtualDriver>;
  readonly deviceId: string;
  tree(): Promise<UiNode>;
  /** The current screen's navigation title (or the screen's own title when it hides the bar). */
  title(): Promise<string | null>;
  /** The element with `id` on screen, after scrolling to it; undefined when the screen has none. */
  reveal(id: string): Promise<UiNode | undefined>;
  tap(id: string): Promise<void>;
  /** Replaces the text of the input `id`. */
  type(id: string, text: string): Promise<void>;
  /** The text of the element `id`, scrolled to; throws when there is none. */
  textOf(id: string): Promise<string>;
  back(): Promise<void>;
  scrollToTop(): Promise<void>;
  /** One swipe of most of a screen's height; false when the screen did not move. */
  scrollDown(): Promise<boolean>;
  close(): Promise<void>;
}

const MAX_SWIPES = 30;

export async function openVirtualApp(opts: {
  packagePath: string;
  packageName: string;
  /** Pixels per point of screenshots and input (default 1). */
  renderScale?: number;
}): Promise<AppOnDevice> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'simdeck-app-driver-'));
  const android = opts.packagePath.endsWith('.apk');
  const driver = createVirtualDriver({
    devices: android ? 'Pixel 8:android:phone:14' : 'iPhone 15 Pro:ios:phone:17.5',
    dataDir,
    hostSeed: 'app-driver',
    renderScale: opts.renderScale ?? 1,
    jpegQuality: 95,
  });
  const deviceId = (await driver.listDevices())[0]!.deviceId;
  const screen = await driver.boot(deviceId);
  await driver.install(deviceId, opts.packagePath);
  await driver.launch(deviceId, opts.packageName);

  const tree = () => driver.uiTree(deviceId);
  const onScreen = (n: UiNode) => n.bounds.y >= 0 && n.bounds.y + n.bounds.height <= screen.height;
  const byId = async (id: string) => {
    const t = await tree();
    // While an alert is open, only its buttons can be reached.
    const alert = findAll(t, (n) => n.role === 'alert')[0];
    return findAll(alert ?? t, (n) => n.id === id)[0];
  };
  const swipe = async (down: boolean) => {
    const before = JSON.stringify(await tree());
    const x = Math.round(screen.width / 2);
    const [from, to] = down ? [0.75, 0.3] : [0.3, 0.75];
    await driver.input(deviceId, {
      kind: 'swipe',
      x,
      y: Math.round(screen.height * from),
      x2: x,
      y2: Math.round(screen.height * to),
    });
    return JSON.stringify(await tree()) !== before;
  };

  const app: AppOnDevice = {
    driver,
    deviceId,
    tree,
    async title() {
      const t = await tree();
      const nav = findAll(t, (n) => n.role === 'navigation_bar')[0];
      return nav?.text ?? findAll(t, (n) => n.role === 'screen')[0]?.text ?? null;
    },
    async reveal(id) {
      let hit = await byId(id);
      if (hit && onScreen(hit)) return hit;
      await app.scrollToTop();
      for (let i = 0; i < MAX_SWIPES; i++) {
        hit = await byId(id);
        if (hit && onScreen(hit)) return hit;
        if (!(await app.scrollDown())) break;
      }
      hit = await byId(id);
      return hit && onScreen(hit) ? hit : undefined;
    },
    async tap(id) {
      const hit = await app.reveal(id);
      if (!hit) throw new Error(`no element #${id} on the screen "${await app.title()}"`);
      await driver.input(deviceId, { kind: 'tap', ...center(hit) });
    },
    async type(id, text) {
      await app.tap(id);
      const current = (await byId(id))?.text ?? '';
      for (let i = 0; i < Array.from(current).length; i++) await driver.input(deviceId, { kind: 'key', key: 'DEL' });
      if (text) await driver.input(deviceId, { kind: 'text', text });
      // Tapping outside every control ends editing.
      await driver.input(deviceId, { kind: 'key', key: 'BACK' });
    },
    async textOf(id) {
      const hit = await app.reveal(id);
      if (!hit) throw new Error(`no element #${id} on the screen "${await app.title()}"`);
      return hit.text ?? '';
    },
    async back() {
      await driver.input(deviceId, { kind: 'key', key: 'BACK' });
    },
    async scrollToTop() {
      for (let i = 0; i < MAX_SWIPES && (await swipe(false)); i++);
    },
    scrollDown: () => swipe(true),
    async close() {
      await driver.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
  return app;
}
