import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import type { UiNode } from '../../worker/driver';
import { closeSampleApps, openSampleApp } from '../engine/steps/interpreter/sample-app-device.fixture';
import { compactTree, viewOf } from './screen-view';

const node = (
  ref: string,
  role: string,
  bounds: UiNode['bounds'],
  extra: Partial<UiNode> = {},
  children: UiNode[] = [],
): UiNode => ({ ref, role, text: null, id: null, bounds, enabled: true, focused: false, children, ...extra });

afterAll(() => closeSampleApps());

describe('the element list the model reads', () => {
  it('one line per element in screenshot pixels, with states; containers without names and elements out of view are left out', () => {
    const tree = node('e1', 'screen', { x: 0, y: 0, width: 1000, height: 2000 }, {}, [
      node('e2', 'group', { x: 0, y: 0, width: 1000, height: 2000 }, {}, [
        node(
          'e3',
          'button',
          { x: 100, y: 200, width: 300, height: 100 },
          { text: 'Sign in', id: 'sign-in', enabled: false },
        ),
        node('e4', 'input', { x: 100, y: 400, width: 600, height: 80 }, { text: 'demo', focused: true }),
        node('e5', 'toggle', { x: 100, y: 500, width: 80, height: 40 }, { checked: true }),
        node('e6', 'list', { x: 0, y: 1000, width: 1000, height: 400 }, { id: 'items' }, [
          node('e7', 'list_item', { x: 0, y: 1000, width: 1000, height: 200 }, { text: 'Item 1' }),
          node('e8', 'list_item', { x: 0, y: 1500, width: 1000, height: 200 }, { text: 'Item 3' }),
        ]),
        node('e9', 'text', { x: 0, y: 2100, width: 100, height: 50 }, { text: 'below the screen' }),
      ]),
    ]);
    const { text, refs } = compactTree(tree, { width: 1000, height: 2000 }, 0.5);
    expect(text.split('\n')).toEqual([
      'e3 button "Sign in" #sign-in [50,100 150x50] disabled',
      'e4 input "demo" [50,200 300x40] focused',
      'e5 toggle [50,250 40x20] on',
      'e6 list #items [0,500 500x200]',
      '  e7 list_item "Item 1" [0,500 500x100]',
    ]);
    expect([...refs]).toEqual(['e3', 'e4', 'e5', 'e6', 'e7']);
  });

  it('long texts are cut, and quotes escaped', () => {
    const long = 'x'.repeat(100);
    const tree = node('e1', 'text', { x: 0, y: 0, width: 10, height: 10 }, { text: `say "hi" ${long}` });
    expect(compactTree(tree, { width: 10, height: 10 }, 1).text).toBe(
      `e1 text "say \\"hi\\" ${'x'.repeat(51)}…" [0,0 10x10]`,
    );
  });
});

describe('the screenshot the model sees', () => {
  it('a screen larger than 1024 px is downscaled to a JPEG with a long side of 1024, and the element list scaled with it', async () => {
    const jpeg = await sharp({ create: { width: 1179, height: 2556, channels: 3, background: '#ffffff' } })
      .jpeg()
      .toBuffer();
    const tree = node('e1', 'button', { x: 1179 - 100, y: 2556 - 100, width: 100, height: 100 }, { text: 'OK' });
    const view = await viewOf({ tree, screen: { width: 1179, height: 2556, rotation: 0 }, jpeg });
    expect([view.width, view.height]).toEqual([472, 1024]);
    const meta = await sharp(view.jpeg).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 472, 1024]);
    expect(view.scale).toBeCloseTo(1024 / 2556, 6);
    expect(view.elements).toBe('e1 button "OK" [432,984 40x40]');
  });

  it("the sample app's screen is small enough to go as it is", async () => {
    const phone = await openSampleApp({ signedIn: true });
    const observed = await phone.observe();
    const jpeg = await phone.screenshot();
    const view = await viewOf({ tree: observed.tree, screen: observed.screen, jpeg });
    expect(view.jpeg).toBe(jpeg);
    expect(view.scale).toBe(1);
    expect(view.elements).toMatch(/^ {4}e\d+ text "Welcome, demo" #welcome \[20,\d+ 353x\d+\]$/m);
    expect(view.elements).toMatch(/list_item "Item 9"/);
    expect(view.elements).not.toMatch(/"Item 20"/);
  });
});
