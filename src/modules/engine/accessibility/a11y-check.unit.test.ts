import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSampleApk, buildSampleIosZip, SAMPLE_MODEL_PATH } from '../../../../examples/build-sample-app';
import type { DeviceDriver } from '../../../worker/driver';
import { createVirtualDriver } from '../../../worker/drivers/virtual-driver';
import { checkScreen } from './a11y-check';
import { contrastRatio } from './a11y-contrast';
import type { AccessibilityFinding } from './a11y-rules';

/**
 * The rules on screens the virtual device really draws: an unlabeled icon button, a small button,
 * light grey text and two buttons of one name, next to their accessible counterparts; and the
 * sample app's own screens, which have none of them.
 */
const screen = {
  title: 'Audit',
  elements: [
    { type: 'text', text: 'Readable body text', id: 'dark-text' },
    { type: 'text', text: 'Faint grey hint', color: '#c7c7cc', id: 'grey-text' },
    { type: 'text', text: 'A caption that is fine', style: 'caption', id: 'caption' },
    { type: 'button', icon: 'plus', id: 'add', action: [{ set: { n: 1 } }] },
    { type: 'button', icon: 'heart', accessibilityLabel: 'Favourite', id: 'fav', action: [{ set: { n: 2 } }] },
    { type: 'button', label: 'Tiny', size: 'small', id: 'tiny', action: [{ set: { n: 3 } }] },
    { type: 'button', label: 'Delete', id: 'delete-1', action: [{ set: { n: 4 } }] },
    { type: 'button', label: 'Delete', id: 'delete-2', style: 'secondary', action: [{ set: { n: 5 } }] },
    { type: 'toggle', label: 'Compact', bind: 'compact', size: 'small', id: 'compact' },
  ],
};

function auditModel() {
  const m = JSON.parse(fs.readFileSync(SAMPLE_MODEL_PATH, 'utf8'));
  m.screens.audit = screen;
  m.initialScreen = 'audit';
  delete m.launchRules;
  return m;
}

let tmp: string;
let audit: DeviceDriver;
let sample: DeviceDriver;

async function driverWith(name: string, model?: unknown): Promise<DeviceDriver> {
  const json = model === undefined ? undefined : Buffer.from(JSON.stringify(model));
  const apk = await buildSampleApk(path.join(tmp, `${name}.apk`), json);
  const zip = await buildSampleIosZip(path.join(tmp, `${name}.zip`), json);
  const driver = createVirtualDriver({ dataDir: fs.mkdtempSync(path.join(tmp, name)), hostSeed: name });
  for (const d of await driver.listDevices()) {
    if (d.category !== 'phone') continue;
    await driver.boot(d.deviceId);
    await driver.install(d.deviceId, d.type === 'ios' ? zip : apk);
    await driver.launch(d.deviceId, 'dev.simdeck.sample');
  }
  return driver;
}

beforeAll(async () => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'simdeck-a11y-'));
  audit = await driverWith('audit', auditModel());
  sample = await driverWith('sample');
});
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

async function findingsOn(driver: DeviceDriver, type: 'ios' | 'android'): Promise<AccessibilityFinding[]> {
  const spec = (await driver.listDevices()).find((d) => d.type === type && d.category === 'phone')!;
  const tree = await driver.uiTree(spec.deviceId);
  const shot = await driver.screenshot(spec.deviceId);
  return checkScreen({ platform: spec.type, category: spec.category, deviceName: spec.model }, tree, {
    jpeg: shot.jpeg,
    screen: shot.screen,
    at: Date.now(),
  });
}

describe('accessibility rules on the virtual device', () => {
  it('WCAG contrast of known pairs', () => {
    expect(contrastRatio([0, 0, 0], [255, 255, 255])).toBeCloseTo(21, 5);
    expect(contrastRatio([0x77, 0x77, 0x77], [255, 255, 255])).toBeCloseTo(4.48, 2);
  });

  it('the sample app’s sign-in screen has nothing but its 44 pt text fields, under Android’s 48 dp', async () => {
    expect(await findingsOn(sample, 'ios')).toEqual([]);
    const android = await findingsOn(sample, 'android');
    expect(android.map((f) => [f.rule, f.element.id, f.message])).toEqual([
      ['small_target', 'username', 'Tap target 353×44 dp is under 48×48 dp'],
      ['small_target', 'password', 'Tap target 353×44 dp is under 48×48 dp'],
    ]);
  });

  it.each(['ios', 'android'] as const)(
    'an audit screen on %s: each rule finds its element and only that',
    async (type) => {
      const found = await findingsOn(audit, type);
      const unit = type === 'ios' ? 'pt' : 'dp';
      const min = type === 'ios' ? 44 : 48;
      expect(found.map((f) => [f.rule, f.element.id])).toEqual([
        ['missing_label', 'add'],
        ['small_target', 'tiny'],
        ['small_target', 'compact'],
        ['duplicate_label', 'delete-1'],
        ['duplicate_label', 'delete-2'],
        ['low_contrast', 'grey-text'],
      ]);
      const by = (id: string, rule: string) => found.find((f) => f.element.id === id && f.rule === rule)!;
      expect(by('add', 'missing_label')).toMatchObject({
        severity: 'error',
        element: { role: 'button', name: null },
        bounds: { width: 48, height: 48 },
      });
      expect(by('tiny', 'small_target').message).toMatch(
        new RegExp(`^Tap target \\d+×30 ${unit} is under ${min}×${min} ${unit}$`),
      );
      expect(by('delete-2', 'duplicate_label').message).toBe(
        '2 elements on this screen are named "Delete" but do different things',
      );
      const grey = by('grey-text', 'low_contrast');
      expect(grey.severity).toBe('error');
      // #c7c7cc on the light background is about 1.5:1 as drawn; the dark text and the caption pass.
      const ratio = Number(/contrast ([\d.]+):1/.exec(grey.message)![1]);
      expect(ratio).toBeGreaterThan(1.2);
      expect(ratio).toBeLessThan(2);
      expect(grey.message).toMatch(/is under 4\.5:1$/);
    },
  );
});
