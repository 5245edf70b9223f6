import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { agentDevice } from './agent-actions';
import { closeSampleApps, openSampleApp, SAMPLE_PACKAGE } from './interpreter/sample-app-device.fixture';
import { sampleDeviceHandle } from './interpreter/sample-app-handle.fixture';
import { sleep } from './settle';
import type { AgentDevice, AgentScreen } from './step-agent';

const refOf = (screen: AgentScreen, id: string): string => {
  const stack = [screen.tree];
  while (stack.length) {
    const n = stack.pop()!;
    if (n.id === id || n.text === id) return n.ref;
    stack.push(...n.children);
  }
  throw new Error(`no ${id}`);
};
const has = (screen: AgentScreen, text: string) => JSON.stringify(screen.tree).includes(`"text":"${text}"`);

let device: AgentDevice;

afterAll(() => closeSampleApps());

describe('the agent acting on a real virtual device', () => {
  beforeEach(async () => {
    device = agentDevice({
      device: sampleDeviceHandle(await openSampleApp()),
      appPackage: SAMPLE_PACKAGE,
      signal: new AbortController().signal,
      wait: sleep,
    });
  });

  it('type with a ref focuses the field and replaces its text; each input carries its element selector', async () => {
    let screen = await device.observe();
    const typed = await device.perform({ kind: 'type', text: 'demx', ref: refOf(screen, 'username') }, screen);
    expect(typed).toMatchObject({ ok: true, detail: 'replaced the text of input #username' });
    screen = await device.observe();
    const again = await device.perform({ kind: 'type', text: 'demo', ref: refOf(screen, 'username') }, screen);
    expect(again.actions.map((a) => [a.type, a.key ?? a.text ?? null, a.selector?.id])).toEqual([
      ['key', 'DEL', 'username'],
      ['key', 'DEL', 'username'],
      ['key', 'DEL', 'username'],
      ['key', 'DEL', 'username'],
      ['type_text', 'demo', 'username'],
    ]);
    screen = await device.observe();
    expect(has(screen, 'demo')).toBe(true);
  });

  it('refuses what cannot be done, without touching the device: an unknown ref, a disabled button, a non-field, no focused field', async () => {
    const screen = await device.observe();
    expect(await device.perform({ kind: 'tap', ref: 'e999' }, screen)).toEqual({
      ok: false,
      detail: 'there is no element e999 on this screen',
      actions: [],
    });
    expect(await device.perform({ kind: 'tap', ref: refOf(screen, 'sign-in') }, screen)).toEqual({
      ok: false,
      detail: 'button "Sign in" #sign-in is disabled',
      actions: [],
    });
    expect(await device.perform({ kind: 'type', text: 'x', ref: refOf(screen, 'app-title') }, screen)).toMatchObject({
      ok: false,
      detail: 'text "Simdeck Sample" #app-title is not a text field',
    });
    expect(await device.perform({ kind: 'type', text: 'x', ref: null }, screen)).toMatchObject({
      ok: false,
      detail: "no field has the keyboard focus; give the field's ref",
    });
  });

  it('taps a point, naming the element under it; scrolls until an item is on screen; goes back; swipes; presses keys', async () => {
    let screen = await device.observe();
    for (const [id, text] of [
      ['username', 'demo'],
      ['password', 'secret'],
    ]) {
      await device.perform({ kind: 'type', text: text!, ref: refOf(screen, id!) }, screen);
      screen = await device.observe();
    }
    const tap = await device.perform({ kind: 'press_key', key: 'ENTER' }, screen);
    expect(tap).toMatchObject({ ok: true, actions: [{ type: 'key', key: 'ENTER', selector: null }] });
    screen = await device.observe();
    expect(has(screen, 'Welcome, demo')).toBe(true);

    const scrolled = await device.perform({ kind: 'scroll_until', text: 'Item 30', direction: 'down' }, screen);
    expect(scrolled.ok).toBe(true);
    expect(scrolled.detail).toMatch(/^"Item 30" is on screen after [1-9]\d* swipe\(s\)$/);
    screen = await device.observe();
    const item = refOf(screen, 'item-30');
    const node = JSON.stringify(screen.tree);
    expect(node).toContain('"Item 30"');
    const row = (function find(n: AgentScreen['tree']): AgentScreen['tree'] | null {
      if (n.ref === item) return n;
      for (const c of n.children) {
        const f = find(c);
        if (f) return f;
      }
      return null;
    })(screen.tree)!;
    const point = {
      x: Math.round(row.bounds.x + row.bounds.width / 2),
      y: Math.round(row.bounds.y + row.bounds.height / 2),
    };
    const tapped = await device.perform({ kind: 'tap_point', ...point }, screen);
    expect(tapped).toMatchObject({
      ok: true,
      detail: `tapped (${point.x}, ${point.y}) on list item "Item 30" #item-30`,
      actions: [{ type: 'tap', selector: { id: 'item-30' } }],
    });
    screen = await device.observe();
    expect(has(screen, 'Item 30')).toBe(true);
    expect(JSON.stringify(screen.tree)).toContain('"detail-title"');

    expect(await device.perform({ kind: 'go_back' }, screen)).toMatchObject({
      ok: true,
      actions: [{ type: 'key', key: 'BACK' }],
    });
    screen = await device.observe();
    expect(JSON.stringify(screen.tree)).toContain('"item-list"');
    const swiped = await device.perform({ kind: 'swipe', direction: 'down', ref: null }, screen);
    expect(swiped.actions[0]).toMatchObject({ type: 'swipe' });
    expect(swiped.actions[0]!.y2!).toBeGreaterThan(swiped.actions[0]!.y!);
  });

  it('refuses elements behind an open alert', async () => {
    const phone = await openSampleApp({ signedIn: true });
    device = agentDevice({
      device: sampleDeviceHandle(phone),
      appPackage: SAMPLE_PACKAGE,
      signal: new AbortController().signal,
      wait: sleep,
    });
    await phone.tapId('open-settings');
    await phone.tapId('sign-out');
    const screen = await device.observe();
    expect(await device.perform({ kind: 'tap', ref: refOf(screen, 'dark-mode') }, screen)).toMatchObject({
      ok: false,
      detail: 'toggle "Dark mode" #dark-mode is behind the open alert',
    });
    expect(await device.perform({ kind: 'tap', ref: refOf(screen, 'alert-cancel') }, screen)).toMatchObject({
      ok: true,
    });
  });
});
