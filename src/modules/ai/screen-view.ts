import { sharp } from '../../lazy-modules';
import type { ScreenInfo, UiNode } from '../../worker/driver';
import { type AgentScreen, fieldLabels } from '../engine';

/** The longest side of a screenshot the model sees. */
export const MAX_IMAGE_SIDE = 1024;
const JPEG_QUALITY = 70;
const MAX_TEXT = 60;

/** Roles that only hold other elements: listed only when they carry text or an id. */
const STRUCTURAL = new Set(['application', 'screen', 'scroll_view', 'group', 'grid', 'window', 'other']);

/**
 * A screen as the model sees it: a JPEG whose long side is at most 1024 px, and the UI tree as
 * one line per element in that image's pixels. `scale` maps image pixels to device pixels
 * (device = image / scale).
 */
export interface ScreenView {
  jpeg: Buffer;
  width: number;
  height: number;
  scale: number;
  elements: string;
  /** Refs listed in `elements`: the only ones the model may name. */
  refs: ReadonlySet<string>;
}

interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

function intersect(a: Rect, b: Rect): Rect | null {
  const x = Math.max(a.x, b.x);
  const y = Math.max(a.y, b.y);
  const right = Math.min(a.x + a.width, b.x + b.width);
  const bottom = Math.min(a.y + a.height, b.y + b.height);
  return right > x && bottom > y ? { x, y, width: right - x, height: bottom - y } : null;
}

function quote(text: string): string {
  const t = text.replace(/\s+/g, ' ').trim();
  return JSON.stringify(t.length > MAX_TEXT ? `${t.slice(0, MAX_TEXT)}…` : t);
}

function flags(n: UiNode): string {
  const out: string[] = [];
  if (!n.enabled) out.push('disabled');
  if (n.focused) out.push('focused');
  if (n.checked !== undefined) out.push(n.checked ? 'on' : 'off');
  return out.length ? ` ${out.join(' ')}` : '';
}

/**
 * The UI tree in a few tokens: `e7 button "Sign in" #sign-in [40,610 313x44] disabled`, a field with its
 * label (`e6 input label "Username" #username [..]`), indented
 * under the elements that hold them. Elements out of view (off screen, or clipped away by their
 * list) are left out, as the model can neither see nor touch them.
 */
export function compactTree(
  tree: UiNode,
  screen: Pick<ScreenInfo, 'width' | 'height'>,
  scale: number,
): { text: string; refs: Set<string> } {
  const lines: string[] = [];
  const refs = new Set<string>();
  const labels = fieldLabels({ tree, screen: { width: screen.width, height: screen.height, rotation: 0 } });
  const px = (v: number) => Math.round(v * scale);
  const visit = (n: UiNode, clip: Rect, depth: number) => {
    const sized = n.bounds.width > 0 && n.bounds.height > 0;
    const visible = sized ? intersect(n.bounds, clip) : clip;
    if (!visible) return;
    const listed = !STRUCTURAL.has(n.role) || !!n.text || !!n.id;
    if (listed) {
      const b = visible;
      const text = n.text ? ` ${quote(n.text)}` : '';
      const id = n.id ? ` #${n.id}` : '';
      const label = labels.get(n);
      const labelled = label ? ` label ${quote(label)}` : '';
      lines.push(
        `${'  '.repeat(depth)}${n.ref} ${n.role}${text}${labelled}${id} [${px(b.x)},${px(b.y)} ${px(b.width)}x${px(b.height)}]${flags(n)}`,
      );
      refs.add(n.ref);
    }
    for (const c of n.children) visit(c, sized ? visible : clip, listed ? depth + 1 : depth);
  };
  visit(tree, { x: 0, y: 0, width: screen.width, height: screen.height }, 0);
  return { text: lines.join('\n'), refs };
}

/** The screen as the model sees it, downscaled to at most 1024 px on its long side. */
export async function viewOf(shot: AgentScreen): Promise<ScreenView> {
  const { width, height } = shot.screen;
  const scale = Math.min(1, MAX_IMAGE_SIDE / Math.max(width, height));
  const w = Math.max(1, Math.round(width * scale));
  const h = Math.max(1, Math.round(height * scale));
  const jpeg =
    scale < 1
      ? await sharp(shot.jpeg).resize(w, h, { fit: 'fill' }).jpeg({ quality: JPEG_QUALITY }).toBuffer()
      : shot.jpeg;
  const tree = compactTree(shot.tree, shot.screen, scale);
  return { jpeg, width: w, height: h, scale, elements: tree.text, refs: tree.refs };
}
