import { createHash } from 'node:crypto';
import type { Rotation, UiNode } from '../../../worker/driver';
import type { Observation } from './interpreter';

/**
 * The screens a run read its steps and assertions against, kept with the run so that the case
 * editor's check (check-steps) reads each line against the screen it ran on. A screen is kept
 * compacted (short keys, defaults left out, no element refs) and capped: a hostile app's tree
 * cannot bloat the database.
 */

/** Elements kept of one screen, in document order (the rest is dropped and the screen marked `cut`). */
export const MAX_SCREEN_ELEMENTS = 1000;
/** Nesting kept of one screen: deeper elements are dropped. */
export const MAX_SCREEN_DEPTH = 64;
/** Characters kept of an element's text, id and role. */
export const MAX_ELEMENT_TEXT = 300;
export const MAX_ELEMENT_ID = 120;
export const MAX_ELEMENT_ROLE = 40;
/** Bytes of distinct screens one run keeps; lines read once it is spent keep no screen. */
export const MAX_RUN_SCREEN_BYTES = 2_000_000;

/** One element: role, text, id, bounds [x, y, w, h]; d: disabled, f: focused, c: checked (1/0), k: children. */
export interface CompactNode {
  r: string;
  t?: string;
  i?: string;
  b: [number, number, number, number];
  d?: 1;
  f?: 1;
  c?: 0 | 1;
  k?: CompactNode[];
}

/** One screen: its size and rotation, its tree, and whether elements were dropped by the caps. */
export interface CompactScreen {
  w: number;
  h: number;
  rot: Rotation;
  tree: CompactNode;
  cut?: true;
}

/** A line (step or assertion) that ran: a digest of its text as saved, and the screen it was read on. */
export interface RecordedLine {
  text_sha: string;
  screen: number;
}

/** What a run keeps (the `screens` of `test_run_screens`): distinct screens, and per line the one it was read on. */
export interface RunScreens {
  version: 1;
  screens: CompactScreen[];
  steps: Array<RecordedLine | null>;
  assertions: Array<RecordedLine | null>;
}

/** Digest of a line's text as saved (its `{{variables}}` not substituted): whether the line is still the one that ran. */
export const lineDigest = (text: string) => createHash('sha256').update(text).digest('hex').slice(0, 32);

// PostgreSQL's jsonb refuses NUL characters: an app's text never reaches it with one.
const clean = (s: string, max: number) => s.slice(0, max).replaceAll('\u0000', '');
const num = (n: number) => (Number.isFinite(n) ? Math.round(n * 10) / 10 : 0);

/** A screen compacted within the caps. */
export function compactObservation({ tree, screen }: Observation): CompactScreen {
  let kept = 0;
  let cut = false;
  const visit = (n: UiNode, depth: number): CompactNode => {
    kept++;
    const out: CompactNode = {
      r: clean(String(n.role), MAX_ELEMENT_ROLE),
      b: [num(n.bounds.x), num(n.bounds.y), num(n.bounds.width), num(n.bounds.height)],
    };
    if (n.text !== null && n.text !== undefined) out.t = clean(String(n.text), MAX_ELEMENT_TEXT);
    if (n.id !== null && n.id !== undefined) out.i = clean(String(n.id), MAX_ELEMENT_ID);
    if (n.enabled === false) out.d = 1;
    if (n.focused === true) out.f = 1;
    if (typeof n.checked === 'boolean') out.c = n.checked ? 1 : 0;
    const children: CompactNode[] = [];
    for (const c of n.children ?? []) {
      if (kept >= MAX_SCREEN_ELEMENTS || depth + 1 >= MAX_SCREEN_DEPTH) {
        cut = true;
        break;
      }
      children.push(visit(c, depth + 1));
    }
    if (children.length) out.k = children;
    return out;
  };
  const compact = visit(tree, 0);
  return {
    w: num(screen.width),
    h: num(screen.height),
    rot: screen.rotation,
    tree: compact,
    ...(cut ? { cut: true as const } : {}),
  };
}

/** A kept screen as the interpreter reads it (element refs numbered afresh). */
export function expandScreen(s: CompactScreen): Observation {
  let ref = 0;
  const visit = (n: CompactNode): UiNode => ({
    ref: `e${++ref}`,
    role: n.r,
    text: n.t ?? null,
    id: n.i ?? null,
    bounds: { x: n.b[0], y: n.b[1], width: n.b[2], height: n.b[3] },
    enabled: n.d !== 1,
    focused: n.f === 1,
    ...(n.c === undefined ? {} : { checked: n.c === 1 }),
    children: (n.k ?? []).map(visit),
  });
  return { tree: visit(s.tree), screen: { width: s.w, height: s.h, rotation: s.rot } };
}

/**
 * Collects a run's screens as its lines are read: each compacted at once, a screen seen again
 * (the assertions share one) kept once, and no more screens once the run's bytes are spent.
 */
export class ScreenRecorder {
  private readonly screens: CompactScreen[] = [];
  private readonly known = new Map<string, number>();
  private readonly steps: Array<RecordedLine | null> = [];
  private readonly assertions: Array<RecordedLine | null> = [];
  /** Bytes of the distinct screens kept (their JSON). */
  bytes = 0;

  /** Records the screen line `index` was read on; returns the bytes it added. */
  record(kind: 'step' | 'assertion', index: number, text: string, observation: Observation | null): number {
    if (!observation) return 0;
    const compact = compactObservation(observation);
    const json = JSON.stringify(compact);
    let screen = this.known.get(json);
    let added = 0;
    if (screen === undefined) {
      added = Buffer.byteLength(json);
      if (this.bytes + added > MAX_RUN_SCREEN_BYTES) return 0;
      screen = this.screens.push(compact) - 1;
      this.known.set(json, screen);
      this.bytes += added;
    }
    const lines = kind === 'step' ? this.steps : this.assertions;
    while (lines.length < index) lines.push(null);
    lines[index] = { text_sha: lineDigest(text), screen };
    return added;
  }

  /** What the run keeps, or null when no line recorded a screen. */
  saved(): RunScreens | null {
    if (this.screens.length === 0) return null;
    return { version: 1, screens: this.screens, steps: this.steps, assertions: this.assertions };
  }
}

/** The screen recorded for a line when it still reads as it ran, else null. */
export function screenForLine(
  saved: RunScreens | null,
  kind: 'step' | 'assertion',
  index: number,
  text: string,
): CompactScreen | null {
  if (saved?.version !== 1) return null;
  const line = (kind === 'step' ? saved.steps : saved.assertions)?.[index];
  if (!line || line.text_sha !== lineDigest(text)) return null;
  return saved.screens?.[line.screen] ?? null;
}
