import sharp from 'sharp';
import type { DeviceDriver, DeviceSpec, Frame, InputEvent, InstalledApp, Rotation, ScreenInfo } from '../../src/worker/driver';

/** Until the virtual driver lands: a minimal driver whose screen colour follows the inputs. */
export function createScratchDriver(specs: DeviceSpec[]): DeviceDriver & { inputs: Map<string, InputEvent[]> } {
  const inputs = new Map<string, InputEvent[]>();
  const screens = new Map<string, ScreenInfo>();
  const apps = new Map<string, InstalledApp[]>();
  const streams = new Map<string, { cb: (f: Frame) => void; timer: NodeJS.Timeout }>();
  const render = async (id: string): Promise<Frame> => {
    const s = screens.get(id) ?? { width: 120, height: 240, rotation: 0 as Rotation };
    const n = (inputs.get(id) ?? []).length;
    const jpeg = await sharp({ create: { width: s.width, height: s.height, channels: 3, background: { r: (n * 40) % 256, g: 100, b: 200 } } }).jpeg().toBuffer();
    return { jpeg, screen: s, at: Date.now(), keyframe: true };
  };
  const push = async (id: string) => {
    const st = streams.get(id);
    if (st) st.cb(await render(id));
  };
  return {
    kind: 'virtual',
    inputs,
    async listDevices() { return specs; },
    async boot(id) { const s = { width: 120, height: 240, rotation: 0 as Rotation }; screens.set(id, s); inputs.set(id, []); return s; },
    async shutdown(id) { screens.delete(id); inputs.delete(id); apps.delete(id); },
    async install(id, file) { const a = { packageName: `pkg.${file.split('/').pop()}`, name: 'App', version: '1.0' }; apps.set(id, [...(apps.get(id) ?? []), a]); return a; },
    async uninstall(id, p) { if (!(apps.get(id) ?? []).some((a) => a.packageName === p)) throw new Error(`${p} is not installed`); apps.set(id, (apps.get(id) ?? []).filter((a) => a.packageName !== p)); },
    async launch() {},
    async terminate() {},
    async clearData() {},
    async input(id, e) { (inputs.get(id) ?? inputs.set(id, []).get(id)!).push(e); await push(id); },
    async rotate(id, r) { const s = screens.get(id)!; const sw = r === 90 || r === 270; const n = { width: sw ? 240 : 120, height: sw ? 120 : 240, rotation: r }; screens.set(id, n); await push(id); return n; },
    screenshot: render,
    async uiTree() { return { ref: 'e0', role: 'screen', text: null, id: null, bounds: { x: 0, y: 0, width: 120, height: 240 }, enabled: true, focused: false, children: [] }; },
    async listApps(id) { return apps.get(id) ?? []; },
    async startStream(id, cb) { const old = streams.get(id); if (old) clearInterval(old.timer); streams.set(id, { cb, timer: setInterval(() => void push(id), 1000) }); await push(id); },
    async stopStream(id) { const s = streams.get(id); if (s) clearInterval(s.timer); streams.delete(id); },
    async close() { for (const s of streams.values()) clearInterval(s.timer); streams.clear(); },
  };
}
