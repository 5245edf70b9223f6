import type { UiNode } from '../worker/driver';

/**
 * A laid-out screen in points: what the renderer draws, what hit-testing and d-pad focus use, and
 * what the UI tree reports (bounds multiplied by the device's render scale).
 */
export interface Box {
  role: string;
  /** Drawing recipe for the renderer. */
  draw: DrawKind;
  text: string | null;
  /** Accessibility id. */
  id: string | null;
  x: number;
  y: number;
  w: number;
  h: number;
  enabled: boolean;
  focused: boolean;
  checked?: boolean;
  /** Secondary text (list subtitles, input labels, placeholder). */
  detail?: string;
  /** Fill colour for icons and badges; a text's own colour. */
  color?: string;
  /** A named glyph a button draws (app-model's BUTTON_ICONS). */
  glyph?: string;
  /** Icon image (PNG) drawn instead of the letter tile. */
  icon?: Buffer;
  /** Clip children to this box (scroll views). */
  clip?: boolean;
  /** Focus key for d-pad navigation; present on focusable boxes. */
  focusKey?: string;
  onActivate?: () => void;
  /** Whether to list this box in the UI tree (layout-only containers are skipped). */
  hidden?: boolean;
  children: Box[];
}

export type DrawKind =
  | 'root'
  | 'container'
  | 'status_bar'
  | 'nav_bar'
  | 'nav_back'
  | 'text_title'
  | 'text_headline'
  | 'text_body'
  | 'text_caption'
  | 'text_error'
  | 'text_success'
  | 'button_primary'
  | 'button_secondary'
  | 'button_destructive'
  | 'button_link'
  | 'input'
  | 'toggle'
  | 'toggle_small'
  | 'list_item'
  | 'divider'
  | 'spacer'
  | 'app_icon'
  | 'tv_tile'
  | 'home_indicator'
  | 'scrim'
  | 'alert'
  | 'alert_button'
  /** Text its parent draws (a row's subtitle, an alert's message): listed in the UI tree, drawn by the parent. */
  | 'inline_text'
  | 'placeholder';

export function box(partial: Partial<Box> & Pick<Box, 'role' | 'draw' | 'x' | 'y' | 'w' | 'h'>): Box {
  return { text: null, id: null, enabled: true, focused: false, children: [], ...partial };
}

/** Deepest activatable box under a point; later siblings (drawn on top) win. */
export function hitTest(root: Box, x: number, y: number): Box | null {
  const visit = (b: Box): Box | null => {
    if (!(x >= b.x && x < b.x + b.w && y >= b.y && y < b.y + b.h)) return null;
    for (let i = b.children.length - 1; i >= 0; i--) {
      const hit = visit(b.children[i]!);
      if (hit) return hit;
    }
    // A modal scrim swallows taps outside its dialog.
    if (b.draw === 'scrim') return b;
    return b.onActivate && b.enabled ? b : null;
  };
  return visit(root);
}

export function collectFocusable(root: Box): Box[] {
  const out: Box[] = [];
  const modal = findModal(root);
  const visit = (b: Box) => {
    if (b.focusKey && b.enabled) out.push(b);
    for (const c of b.children) visit(c);
  };
  visit(modal ?? root);
  return out;
}

function findModal(root: Box): Box | null {
  for (let i = root.children.length - 1; i >= 0; i--) {
    const c = root.children[i]!;
    if (c.draw === 'scrim') return c;
  }
  return null;
}

export type Direction = 'up' | 'down' | 'left' | 'right';

/** Spatial d-pad navigation: the nearest focusable box in the direction (axis distance weighs less). */
export function nextFocus(candidates: Box[], current: Box | undefined, dir: Direction): Box | undefined {
  if (!current) return candidates[0];
  const cx = current.x + current.w / 2;
  const cy = current.y + current.h / 2;
  let best: Box | undefined;
  let bestScore = Infinity;
  for (const c of candidates) {
    if (c === current) continue;
    const x = c.x + c.w / 2;
    const y = c.y + c.h / 2;
    const dx = x - cx;
    const dy = y - cy;
    let main: number;
    let cross: number;
    if (dir === 'up') [main, cross] = [-dy, dx];
    else if (dir === 'down') [main, cross] = [dy, dx];
    else if (dir === 'left') [main, cross] = [-dx, dy];
    else [main, cross] = [dx, dy];
    if (main <= 0.5) continue;
    const score = main + Math.abs(cross) * 2;
    if (score < bestScore) {
      bestScore = score;
      best = c;
    }
  }
  return best;
}

/** The UI tree in device pixels. Refs are assigned in document order, so they are stable for one state. */
export function toUiTree(root: Box, scale: number): UiNode {
  let n = 0;
  const px = (v: number) => Math.round(v * scale);
  const convert = (b: Box): UiNode[] => {
    const kids = b.children.flatMap(convert);
    if (b.hidden) return kids;
    n += 1;
    const node: UiNode = {
      ref: `e${n}`,
      role: b.role,
      text: b.text,
      id: b.id,
      bounds: { x: px(b.x), y: px(b.y), width: px(b.w), height: px(b.h) },
      enabled: b.enabled,
      focused: b.focused,
      children: kids,
    };
    if (b.checked !== undefined) node.checked = b.checked;
    return [node];
  };
  // Refs numbered pre-order: renumber after building so parents come before children.
  const tree = convert(root)[0]!;
  let m = 0;
  const renumber = (u: UiNode) => {
    m += 1;
    u.ref = `e${m}`;
    u.children.forEach(renumber);
  };
  renumber(tree);
  return tree;
}
