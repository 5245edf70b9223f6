import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ScreenInfo, UiNode } from '../../../worker/driver';
import { closeSampleApps, openSampleApp } from './interpreter/sample-app-device.fixture';
import type { Observation } from './interpreter/ui-tree';
import { classMatches, findRecordedElement, scalePoint, selectorFor, type ElementSelector } from './selectors';

let android: Observation;
let androidItems: Observation;
let ios: Observation;
let alert: Observation;

beforeAll(async () => {
  const pixel = await openSampleApp({});
  android = await pixel.observe();
  const signedIn = await openSampleApp({ signedIn: true });
  androidItems = await signedIn.observe();
  await signedIn.tapId('item-2');
  await signedIn.tapId('delete-item');
  alert = await signedIn.observe();
  ios = await (await openSampleApp({ model: 'iPhone 15 Pro' })).observe();
}, 60_000);
afterAll(closeSampleApps);

function all(tree: UiNode): UiNode[] {
  return [tree, ...tree.children.flatMap(all)];
}
const byId = (o: Observation, id: string) => all(o.tree).find((x) => x.id === id)!;

let refs = 0;
function n(
  role: string,
  text: string | null,
  id: string | null,
  b: [number, number, number, number],
  extra: Partial<UiNode> = {},
): UiNode {
  refs += 1;
  return {
    ref: `h${refs}`,
    role,
    text,
    id,
    bounds: { x: b[0], y: b[1], width: b[2], height: b[3] },
    enabled: true,
    focused: false,
    children: [],
    ...extra,
  };
}
const SCREEN: ScreenInfo = { width: 1080, height: 2400, rotation: 0 };
const obs = (children: UiNode[], screen = SCREEN): Observation => ({
  tree: { ...n('screen', null, null, [0, 0, 1080, 2400]), children },
  screen,
});

describe('selectorFor', () => {
  it('names an element by id, text and class, and adds an index only among equals', () => {
    expect(selectorFor(byId(android, 'sign-in'), android.tree)).toEqual({
      class: 'button',
      text: 'Sign in',
      id: 'sign-in',
    });
    expect(selectorFor(byId(android, 'username'), android.tree)).toEqual({ class: 'input', id: 'username' });
    const a = n('button', 'OK', null, [0, 0, 500, 100]);
    const b = n('button', 'OK', null, [0, 200, 500, 100]);
    const tree = obs([a, b]).tree;
    expect(selectorFor(a, tree)).toEqual({ class: 'button', text: 'OK', index: 0 });
    expect(selectorFor(b, tree)).toEqual({ class: 'button', text: 'OK', index: 1 });
  });

  it('finds every element of a real screen again by the selector it built', () => {
    for (const o of [android, androidItems, alert]) {
      // Behind an open alert nothing can be reached; only the alert's own elements count there.
      const scope = all(o.tree).find((x) => x.role === 'alert') ?? o.tree;
      const nodes = all(scope).filter((x) => x.role !== 'application' && x.role !== 'screen' && (x.text || x.id));
      expect(nodes.length).toBeGreaterThanOrEqual(3);
      for (const node of nodes) {
        const hit = findRecordedElement({ selector: selectorFor(node, o.tree), observation: o, fuzzy: false });
        const visible = node.bounds.y + node.bounds.height <= 828 || node.role === 'list';
        if (!visible) continue;
        expect(hit, `${node.role} ${node.text} ${node.id}`).toMatchObject({ found: true, node: { ref: node.ref } });
      }
    }
  });
});

describe('findRecordedElement', () => {
  it('finds a recorded element on another platform by its id', () => {
    const recorded = { x: 590, y: 1140, sourceWidth: 1179, sourceHeight: 2556 };
    const hit = findRecordedElement({
      selector: { id: 'sign-in', text: 'Sign in', class: 'android.widget.Button' },
      observation: ios,
      fuzzy: false,
      recorded,
    });
    expect(hit).toMatchObject({ found: true, method: 'id', node: { id: 'sign-in' } });
    const b = byId(ios, 'sign-in').bounds;
    if (hit.found) expect(hit.point).toEqual({ x: Math.round(b.x + b.width / 2), y: Math.round(b.y + b.height / 2) });
  });

  it('takes an accessibility id as the element id or its accessibility label', () => {
    expect(
      findRecordedElement({ selector: { accessibility_id: 'open-settings' }, observation: androidItems, fuzzy: false }),
    ).toMatchObject({ found: true, method: 'accessibility_id', node: { id: 'open-settings' } });
    expect(
      findRecordedElement({ selector: { accessibility_id: 'Send feedback' }, observation: androidItems, fuzzy: false }),
    ).toMatchObject({ found: true, method: 'accessibility_id', node: { id: 'open-feedback' } });
  });

  it('matches an Android resource id with or without its package', () => {
    const o = obs([n('input', '', 'com.shop:id/email', [0, 100, 1080, 120])]);
    expect(findRecordedElement({ selector: { id: 'email' }, observation: o, fuzzy: false })).toMatchObject({
      found: true,
      method: 'id',
    });
    expect(findRecordedElement({ selector: { id: 'com.other:id/email' }, observation: o, fuzzy: false })).toMatchObject(
      { found: true, method: 'id' },
    );
  });

  it('tells equal elements apart by index, else by the element under the recorded point', () => {
    const o = obs([n('button', 'OK', null, [0, 100, 1080, 200]), n('button', 'OK', null, [0, 1000, 1080, 200])]);
    expect(
      findRecordedElement({ selector: { text: 'OK', class: 'button', index: 1 }, observation: o, fuzzy: false }),
    ).toMatchObject({ found: true, method: 'text', point: { y: 1100 } });
    const recorded = { x: 100, y: 120, sourceWidth: 540, sourceHeight: 1200 };
    expect(
      findRecordedElement({ selector: { text: 'OK', class: 'button' }, observation: o, fuzzy: false, recorded }),
    ).toMatchObject({ found: true, method: 'text', point: { y: 200 } });
    expect(
      findRecordedElement({ selector: { text: 'OK', class: 'button' }, observation: o, fuzzy: false }),
    ).toMatchObject({
      found: false,
      reason: expect.stringMatching(/2 elements match by text and none can be told apart/),
    });
  });

  it('needs fuzzy matching for changed case, spacing and small edits', () => {
    const selector: ElementSelector = { text: 'send  FEEDBAK', class: 'button' };
    const recorded = { x: 10, y: 10, sourceWidth: 393, sourceHeight: 852 };
    expect(findRecordedElement({ selector, observation: androidItems, fuzzy: false, recorded })).toEqual({
      found: true,
      method: 'coordinates',
      node: null,
      point: { x: 10, y: 10 },
    });
    expect(findRecordedElement({ selector, observation: androidItems, fuzzy: true, recorded })).toMatchObject({
      found: true,
      method: 'fuzzy_text',
      node: { id: 'open-feedback' },
    });
    expect(findRecordedElement({ selector: { text: 'Item 7' }, observation: androidItems, fuzzy: true })).toMatchObject(
      { found: true, method: 'text', node: { id: 'item-7' } },
    );
    expect(
      findRecordedElement({ selector: { text: 'Item 70' }, observation: androidItems, fuzzy: true }),
    ).toMatchObject({ found: false });
  });

  it('uses class to narrow, never to rule out every match', () => {
    expect(classMatches('android.widget.Button', 'button')).toBe(true);
    expect(classMatches('XCUIElementTypeSecureTextField', 'input')).toBe(true);
    expect(classMatches('android.widget.Switch', 'toggle')).toBe(true);
    expect(classMatches('android.widget.Button', 'input')).toBe(false);
    const o = obs([n('button', 'Buy', null, [0, 100, 1080, 200])]);
    expect(
      findRecordedElement({
        selector: { text: 'Buy', class: 'android.widget.TextView' },
        observation: o,
        fuzzy: false,
      }),
    ).toMatchObject({ found: true, method: 'text' });
  });

  it('falls back to the recorded point, scaled to this screen, when the element is gone or off screen', () => {
    const recorded = { x: 590, y: 1140, sourceWidth: 1179, sourceHeight: 2556 };
    expect(findRecordedElement({ selector: { id: 'nope' }, observation: android, fuzzy: true, recorded })).toEqual({
      found: true,
      method: 'coordinates',
      node: null,
      point: { x: 197, y: 380 },
    });
    expect(
      findRecordedElement({ selector: { id: 'item-10' }, observation: androidItems, fuzzy: false, recorded }),
    ).toMatchObject({ method: 'coordinates' });
    expect(findRecordedElement({ selector: { id: 'nope' }, observation: android, fuzzy: true })).toEqual({
      found: false,
      reason: expect.stringMatching(/not on this screen, and the action has no coordinates/),
    });
    expect(findRecordedElement({ selector: undefined, observation: android, fuzzy: true, recorded })).toMatchObject({
      method: 'coordinates',
    });
  });

  it('does not reach behind an open alert', () => {
    expect(findRecordedElement({ selector: { id: 'nav-back' }, observation: alert, fuzzy: true })).toMatchObject({
      found: false,
    });
    const withoutAlert = {
      ...alert,
      tree: {
        ...alert.tree,
        children: alert.tree.children.map((c) => ({ ...c, children: c.children.filter((x) => x.role !== 'alert') })),
      },
    };
    expect(findRecordedElement({ selector: { id: 'nav-back' }, observation: withoutAlert, fuzzy: true })).toMatchObject(
      { found: true, method: 'id' },
    );
    expect(
      findRecordedElement({ selector: { text: 'Delete', class: 'button' }, observation: alert, fuzzy: false }),
    ).toMatchObject({ found: true, node: { id: 'alert-delete' } });
  });
});

describe('scalePoint', () => {
  it('scales each axis and keeps the point on screen', () => {
    expect(scalePoint({ x: 1179, y: 2556 }, { width: 1179, height: 2556 }, { width: 393, height: 852 })).toEqual({
      x: 392,
      y: 851,
    });
    expect(scalePoint({ x: 540, y: 1200 }, { width: 1080, height: 2400 }, { width: 393, height: 852 })).toEqual({
      x: 197,
      y: 426,
    });
    expect(scalePoint({ x: 100, y: 100 }, { width: 393, height: 852 }, { width: 820, height: 1180 })).toEqual({
      x: 209,
      y: 138,
    });
    expect(scalePoint({ x: -5, y: 4000 }, { width: 393, height: 852 }, { width: 393, height: 852 })).toEqual({
      x: 0,
      y: 851,
    });
  });
});
