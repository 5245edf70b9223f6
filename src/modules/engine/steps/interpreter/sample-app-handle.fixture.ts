import type { DeviceHandle } from '../../../sessions';
import { SAMPLE_PACKAGE, type SampleDevice } from './sample-app-device.fixture';

/** The sample app's device as the engine reaches it, capabilities included. */
export function sampleDeviceHandle(phone: Pick<SampleDevice, 'driver' | 'deviceId'>): DeviceHandle {
  const { driver, deviceId: id } = phone;
  return {
    sessionId: 'test-session',
    deviceId: id,
    platform: 'android',
    category: 'phone',
    deviceName: 'Pixel 8',
    input: (e) => driver.input(id, e),
    screenshot: async () => {
      const f = await driver.screenshot(id);
      return { jpeg: f.jpeg, screen: f.screen, at: f.at };
    },
    uiTree: () => driver.uiTree(id),
    install: async () => ({ packageName: SAMPLE_PACKAGE, name: 'Sample', version: '1' }),
    launch: (pkg) => driver.launch(id, pkg),
    terminate: (pkg) => driver.terminate(id, pkg),
    clearData: (pkg) => driver.clearData(id, pkg),
    uninstall: (pkg) => driver.uninstall(id, pkg),
    listApps: () => driver.listApps(id),
    rotate: (r) => driver.rotate(id, r),
    screen: async () => driver.device(id).screenInfo(),
    // biome-ignore lint/suspicious/noExplicitAny: one dispatch for the catalog's capability operations
    capability: async (op, args: any): Promise<any> => {
      if (op === 'open_url') return driver.openUrl(id, args.url).then(() => null);
      if (op === 'set_location') return driver.setLocation(id, args).then(() => null);
      if (op === 'set_permission') return driver.setPermission(id, args).then(() => null);
      if (op === 'set_appearance') return driver.setAppearance(id, args.mode).then(() => null);
      if (op === 'set_network') return driver.setNetwork(id, args.mode).then(() => null);
      if (op === 'set_clipboard') return driver.setClipboard(id, args.text).then(() => null);
      if (op === 'get_clipboard') return driver.getClipboard(id);
      return driver.push(id, args).then(() => null);
    },
    addMedia: () => Promise.reject(new Error('not used here')),
    readLogs: () => driver.readLogs(id, 0),
    startRecording: async () => {},
    stopRecording: async () => ({
      duration_ms: 0,
      width: 0,
      height: 0,
      size_bytes: 0,
      frames: 0,
      truncated: false,
      uploaded: false,
    }),
  };
}
