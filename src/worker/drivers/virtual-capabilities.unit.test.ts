import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSampleApk, buildSampleIosZip } from '../../../examples/build-sample-app';
import { byId, center, maybeById } from '../../../test/virtual/ui';
import type { DeviceSpec } from '../driver';
import { createVirtualDriver } from './virtual-driver';

const PKG = 'dev.simdeck.sample';
let tmp: string;
let apk: string;
let iosZip: string;

beforeAll(async () => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'simdeck-caps-'));
  apk = await buildSampleApk(path.join(tmp, 'sample.apk'));
  iosZip = await buildSampleIosZip(path.join(tmp, 'sample-ios.zip'));
});
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46, 0, 1, 1, 0, 0, 1]);

async function phone(platform: 'ios' | 'android', grant = false) {
  const driver = createVirtualDriver({ dataDir: fs.mkdtempSync(path.join(tmp, 'data-')), hostSeed: 'caps' });
  const spec = (await driver.listDevices()).find((d: DeviceSpec) => d.type === platform && d.category === 'phone')!;
  const id = spec.deviceId;
  await driver.boot(id);
  await driver.install(id, platform === 'ios' ? iosZip : apk, { grantPermissions: grant });
  await driver.launch(id, PKG);
  const tree = () => driver.uiTree(id);
  const tap = async (nodeId: string) => driver.input(id, { kind: 'tap', ...center(byId(await tree(), nodeId)) });
  const text = async (nodeId: string) => byId(await tree(), nodeId).text;
  const vars = () => driver.device(id).appVars(PKG)!;
  return { driver, id, tree, tap, text, vars };
}

describe('device capabilities on a virtual device', () => {
  it('opens deep links on their screen with the link values, web links in the browser, and refuses unknown ones', async () => {
    const p = await phone('android');
    await p.driver.openUrl(p.id, 'sample://items/3');
    expect(await p.text('detail-title')).toBe('Item 3');
    await p.driver.openUrl(p.id, 'https://example.com/a?b=1');
    expect(p.driver.device(p.id).foregroundApp()).toBe('com.android.chrome');
    expect(await p.text('browser-address')).toBe('https://example.com/a?b=1');
    await expect(p.driver.openUrl(p.id, 'nothing://here')).rejects.toMatchObject({ code: 'INVALID_INPUT' });
    await expect(p.driver.openUrl(p.id, 'javascript:alert(1)')).rejects.toMatchObject({ code: 'INVALID_INPUT' });
  });

  it('asks for a permission with the platform prompt in the UI tree, keeps the answer, and forgets it on reset', async () => {
    const p = await phone('ios');
    await p.driver.openUrl(p.id, 'sample://device');
    await p.tap('use-location');
    const prompt = byId(await p.tree(), 'alert');
    expect(prompt.text).toBe('Allow \u201cSimdeck Sample\u201d to use your location?');
    expect(byId(prompt, 'permission-allow').text).toBe('Allow While Using App');
    expect(byId(prompt, 'permission-deny').text).toBe("Don't Allow");
    await p.tap('permission-allow');
    expect(p.vars().locationAllowed).toBe(true);
    expect(await p.text('location-allowed')).toBe('Location allowed: true');
    // Decided: no prompt again.
    await p.tap('use-location');
    expect(maybeById(await p.tree(), 'alert')).toBeUndefined();
    await p.driver.setPermission(p.id, { package_name: PKG, permission: 'location', state: 'denied' });
    await p.tap('use-location');
    expect(p.vars().locationAllowed).toBe(false);
    await p.driver.setPermission(p.id, { package_name: PKG, permission: 'location', state: 'reset' });
    await p.tap('use-location');
    expect(byId(await p.tree(), 'alert').text).toContain('use your location');
  });

  it('shows the Android camera prompt with its buttons; denying lands false', async () => {
    const p = await phone('android');
    await p.driver.openUrl(p.id, 'sample://device');
    await p.tap('take-photo');
    const prompt = byId(await p.tree(), 'alert');
    expect(prompt.text).toBe('Allow Simdeck Sample to take pictures and record video?');
    expect(byId(prompt, 'permission-allow').text).toBe('While using the app');
    expect(byId(prompt, 'permission-allow-once').text).toBe('Only this time');
    await p.tap('permission-deny');
    expect(p.vars().cameraAllowed).toBe(false);
  });

  it('reads location, appearance, network and clipboard as device variables; paste types the clipboard', async () => {
    const p = await phone('android');
    await p.driver.openUrl(p.id, 'sample://device');
    const light = await p.driver.screenshot(p.id);
    await p.driver.setLocation(p.id, { latitude: 52.52, longitude: 13.4 });
    await p.driver.setAppearance(p.id, 'dark');
    await p.driver.setNetwork(p.id, 'offline');
    expect(await p.text('location')).toBe('Location: 52.52, 13.4');
    expect(await p.text('appearance')).toBe('Appearance: dark');
    expect(await p.text('dark-mode-on')).toBe('Dark mode is on');
    expect(await p.text('network-offline')).toBe('Offline: changes will sync later');
    // Dark rendering: the screen's pixels change with the appearance.
    expect((await p.driver.screenshot(p.id)).jpeg.equals(light.jpeg)).toBe(false);
    await p.driver.setClipboard(p.id, 'pasted $(rm -rf /); "quotes"');
    expect(await p.driver.getClipboard(p.id)).toEqual({ text: 'pasted $(rm -rf /); "quotes"' });
    await p.tap('notes');
    await p.driver.input(p.id, { kind: 'key', key: 'PASTE' });
    expect(p.vars().notes).toBe('pasted $(rm -rf /); "quotes"');
    // Holding the field shows the edit menu; its Paste types the clipboard again.
    await p.driver.input(p.id, { kind: 'long_press', ...center(byId(await p.tree(), 'notes')), durationMs: 800 });
    expect(byId(await p.tree(), 'paste').text).toBe('Paste');
    await p.tap('paste');
    expect(p.vars().notes).toBe('pasted $(rm -rf /); "quotes"'.repeat(2));
    // Device variables are read-only and never saved with the app's state.
    expect(Object.keys(p.vars()).some((k) => k.startsWith('device.'))).toBe(false);
  });

  it('shows a notification banner whose tap opens the notification route with its values', async () => {
    const p = await phone('ios');
    await p.driver.push(p.id, { title: 'Order shipped', body: 'On its way', data: { orderId: 'A-17' } });
    const banner = byId(await p.tree(), 'notification-banner');
    expect(banner.text).toBe('Order shipped');
    await p.tap('notification-banner');
    expect(await p.text('notification-title')).toBe('Order shipped');
    expect(await p.text('notification-body-text')).toBe('On its way');
    expect(await p.text('notification-order')).toBe('Order A-17');
    expect(maybeById(await p.tree(), 'notification-banner')).toBeUndefined();
  });

  it('adds photos that Photos lists and the picker offers; refuses files that are not media', async () => {
    const p = await phone('android');
    const file = path.join(tmp, 'beach.jpg');
    fs.writeFileSync(file, JPEG);
    expect(await p.driver.addMedia(p.id, file, 'beach.jpg')).toEqual({ name: 'beach.jpg' });
    const fake = path.join(tmp, 'fake.jpg');
    fs.writeFileSync(fake, 'not an image at all');
    await expect(p.driver.addMedia(p.id, fake, 'fake.jpg')).rejects.toMatchObject({ code: 'INVALID_INPUT' });
    await p.driver.openUrl(p.id, 'sample://device');
    await p.tap('choose-photo');
    expect(byId(await p.tree(), 'photo-0').text).toBe('beach.jpg');
    await p.tap('photo-0');
    expect(await p.text('photo-name')).toBe('Photo: beach.jpg');
    await p.driver.launch(p.id, 'com.google.android.apps.photos');
    expect(byId(await p.tree(), 'photo-list').children[0]?.text).toBe('beach.jpg');
  });

  it('returns to the defaults when the device is shut down for the next session', async () => {
    const p = await phone('android');
    await p.driver.setLocation(p.id, { latitude: 1, longitude: 2 });
    await p.driver.setAppearance(p.id, 'dark');
    await p.driver.setNetwork(p.id, 'offline');
    await p.driver.setClipboard(p.id, 'secret');
    await p.driver.shutdown(p.id);
    await p.driver.boot(p.id);
    const c = p.driver.device(p.id).conditions;
    expect(c.values).toEqual({
      latitude: 37.3349,
      longitude: -122.009,
      appearance: 'light',
      online: true,
      clipboard: '',
    });
    expect(c.media).toEqual([]);
  });
});
