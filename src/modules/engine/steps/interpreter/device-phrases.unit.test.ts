import { afterAll, describe, expect, it } from 'vitest';
import { performDeviceAction } from '../device-actions';
import { replayActions } from '../replay';
import { interpretStep, readStepIntent } from './index';
import { closeSampleApps, openSampleApp, SAMPLE_PACKAGE, type SampleDevice } from './sample-app-device.fixture';
import { sampleDeviceHandle } from './sample-app-handle.fixture';

afterAll(closeSampleApps);

async function step(phone: SampleDevice, text: string) {
  const r = interpretStep(text, await phone.observe());
  if (!r.settled) throw new Error(`not settled: ${r.reason}`);
  if (r.kind !== 'actions') throw new Error(`not actions: ${r.kind}`);
  const ctx = {
    device: sampleDeviceHandle(phone),
    appPackage: SAMPLE_PACKAGE,
    signal: new AbortController().signal,
    wait: async () => {},
  };
  const done = [];
  for (const a of r.actions) done.push(await performDeviceAction(a, ctx));
  return done;
}

const vars = (phone: SampleDevice) => phone.driver.device(phone.deviceId).appVars(SAMPLE_PACKAGE)!;
const conditions = (phone: SampleDevice) => phone.driver.device(phone.deviceId).conditions;

describe('device phrases of the interpreter', () => {
  it('opens links, sets location, appearance and network, pastes, and taps the notification', async () => {
    const phone = await openSampleApp();
    expect(await step(phone, 'Open the link sample://items/3')).toEqual([
      { type: 'open_url', url: 'sample://items/3' },
    ]);
    expect(vars(phone).selected).toBe('Item 3');
    await step(phone, 'Set the location to 52.52, 13.40');
    expect(conditions(phone).values).toMatchObject({ latitude: 52.52, longitude: 13.4 });
    await step(phone, 'Switch to dark mode');
    expect(conditions(phone).values.appearance).toBe('dark');
    await step(phone, 'Go offline');
    expect(conditions(phone).values.online).toBe(false);
    await step(phone, 'Open sample://device');
    await step(phone, 'Set the clipboard to "hello; $(world)"');
    await step(phone, 'Paste the clipboard into Notes');
    expect(vars(phone).notes).toBe('hello; $(world)');
    await phone.driver.push(phone.deviceId, { title: 'Order shipped', body: 'Soon', data: { orderId: 'A-9' } });
    await step(phone, 'Tap the notification');
    expect(byText(await phone.tree(), 'Order A-9')).toBe(true);
  });

  it('answers the permission prompt, or sets the permission when none is asking', async () => {
    const phone = await openSampleApp({ model: 'iPhone 15 Pro' });
    await phone.driver.setPermission(phone.deviceId, {
      package_name: SAMPLE_PACKAGE,
      permission: 'location',
      state: 'reset',
    });
    await step(phone, 'Open the link sample://device');
    await step(phone, 'Tap Use my location');
    await step(phone, 'Allow the permission');
    expect(vars(phone).locationAllowed).toBe(true);
    await phone.driver.setPermission(phone.deviceId, {
      package_name: SAMPLE_PACKAGE,
      permission: 'location',
      state: 'reset',
    });
    await step(phone, 'Tap Use my location');
    await step(phone, 'Allow');
    expect(vars(phone).locationAllowed).toBe(true);
    expect(await step(phone, 'Deny camera access')).toEqual([
      { type: 'set_permission', permission: 'camera', state: 'denied', package_name: SAMPLE_PACKAGE },
    ]);
    await step(phone, 'Tap Take a photo');
    expect(vars(phone).cameraAllowed).toBe(false);
  });

  it('fails clearly on what it cannot read, instead of guessing', async () => {
    const phone = await openSampleApp();
    const reason = async (text: string) => {
      const r = interpretStep(text, await phone.observe());
      return r.settled ? null : r.reason;
    };
    expect(await reason('Set the location to Berlin')).toMatch(/latitude, longitude/);
    expect(await reason('Set the location to 95, 10')).toMatch(/out of range/);
    expect(await reason('Deny')).toMatch(/no permission prompt/);
    expect(await reason('Allow the permission')).toMatch(/no permission prompt/);
    expect(await reason('Tap the notification')).toMatch(/no notification/);
  });

  it('labels device phrases without a screen for the case editor', () => {
    expect(
      [
        'Open the link sample://items/3',
        'Set the location to 52.52, 13.40',
        'Switch to dark mode',
        'Go offline',
        'Paste the clipboard into Notes',
        'Tap the notification',
        'Allow the permission',
        'Deny camera access',
        'Allow',
        'Set the location to Berlin',
      ].map(readStepIntent),
    ).toEqual([
      'open_url',
      'set_location',
      'set_appearance',
      'set_network',
      'paste_clipboard',
      'tap_notification',
      'answer_permission',
      'permission',
      null,
      null,
    ]);
  });

  it('replays recorded capability actions', async () => {
    const phone = await openSampleApp();
    const ctx = {
      device: sampleDeviceHandle(phone),
      appPackage: SAMPLE_PACKAGE,
      signal: new AbortController().signal,
      wait: async () => {},
    };
    const out = await replayActions(
      {
        indices: [0, 1, 2, 3],
        recording: [
          { type: 'open_url', t_ms: 0, url: 'sample://items/7' },
          { type: 'set_appearance', t_ms: 10, mode: 'dark' },
          { type: 'set_location', t_ms: 20, latitude: -33.86, longitude: 151.21 },
          { type: 'set_network', t_ms: 30, mode: 'offline' },
        ],
        source: null,
        fuzzy: false,
        healInsteadOfCoordinates: false,
      },
      ctx,
    );
    expect(out.ok).toBe(true);
    expect(vars(phone).selected).toBe('Item 7');
    expect(conditions(phone).values).toMatchObject({ appearance: 'dark', latitude: -33.86, online: false });
  });
});

function byText(tree: import('../../../../worker/driver').UiNode, text: string): boolean {
  const stack = [tree];
  while (stack.length) {
    const n = stack.pop()!;
    if (n.text === text) return true;
    stack.push(...n.children);
  }
  return false;
}
