import type { UiNode } from '../../../../worker/driver';
import type { Observation } from './index';

/** Hand-built screens for the interpreter's form tests: a phone of 393×852 points, one element per call. */
let refs = 0;

/** An element 360 wide and 40 tall at `y` (override with `extra.bounds`), enabled and not focused. */
export const node = (role: string, text: string | null, y: number, extra: Partial<UiNode> = {}): UiNode => ({
  ref: `e${++refs}`,
  role,
  text,
  id: extra.id ?? null,
  bounds: { x: 16, y, width: 360, height: 40 },
  enabled: true,
  focused: false,
  children: [],
  ...extra,
});

/** A screen titled `title` (a navigation bar with that title) holding `children`. */
export function screen(title: string, children: UiNode[]): Observation {
  return {
    screen: { width: 393, height: 852, rotation: 0 },
    tree: node('application', 'App', 0, {
      bounds: { x: 0, y: 0, width: 393, height: 852 },
      children: [
        node('screen', title, 0, {
          bounds: { x: 0, y: 0, width: 393, height: 852 },
          children: [node('navigation_bar', title, 0, { bounds: { x: 0, y: 0, width: 393, height: 56 } }), ...children],
        }),
      ],
    }),
  };
}
