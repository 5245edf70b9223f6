import type { InputEvent } from '../../../../worker/driver';
import type { ScrollDirection, Target } from './intent';
import { scrolledDown } from './screen-shape';
import { titleIs } from './screen-title';
import { findTarget, indexScreen, matchAll, type ScreenIndex } from './target-finder';
import { isVisible, visibleRect, type Observation, type Rect, type TreeElement } from './ui-tree';

/**
 * Steps the executor drives in a loop: swipe until an element is on screen, or poll until one
 * appears or goes away. Plans are plain data; `isSatisfied` reads a fresh observation.
 */

export interface ScrollUntilPlan {
  kind: 'scroll_until';
  direction: ScrollDirection;
  target: Target;
  /** One swipe of the loop, in screen pixels. */
  swipe: Extract<InputEvent, { kind: 'swipe' }>;
  maxSwipes: number;
  /** When the content stops moving before the target shows, swipe back the other way (as many swipes at most). */
  bothWays?: boolean;
  /** No target: the plan is met when the content stops moving (the bottom or top is reached). */
  toEnd?: boolean;
}

export interface WaitUntilPlan {
  kind: 'wait_until';
  target: Target;
  /** true: until the target is on screen; false: until it is not. */
  appears: boolean;
  timeoutMs: number;
  pollMs: number;
  /** The target names a screen: met when the screen's title reads it (or, not `appears`, no longer does). */
  screen?: boolean;
}

export type LoopPlan = ScrollUntilPlan | WaitUntilPlan;

export const MAX_SWIPES = 15;
const SWIPE_MS = 300;
const SCROLLABLE_ROLES = new Set(['list', 'scroll_view']);

/**
 * The area a swipe runs in: the element given, else the largest visible scrollable
 * element, else the screen without its edges (edge swipes mean back and home).
 */
export function swipeArea(index: ScreenIndex, on: TreeElement | null): Rect {
  if (on)
    return (
      visibleRect(on) ?? { x: 0, y: 0, width: index.observation.screen.width, height: index.observation.screen.height }
    );
  const { screen } = index.observation;
  let best: Rect | null = null;
  for (const el of index.elements) {
    if (!SCROLLABLE_ROLES.has(el.node.role) || !isVisible(el, screen)) continue;
    const r = visibleRect(el)!;
    if (!best || r.width * r.height > best.width * best.height) best = r;
  }
  return (
    best ?? {
      x: Math.round(screen.width * 0.1),
      y: Math.round(screen.height * 0.15),
      width: Math.round(screen.width * 0.8),
      height: Math.round(screen.height * 0.7),
    }
  );
}

const OPPOSITE: Record<ScrollDirection, ScrollDirection> = { up: 'down', down: 'up', left: 'right', right: 'left' };

/** The same swipe with the finger moving the other way. */
export function reversed(swipe: Extract<InputEvent, { kind: 'swipe' }>): Extract<InputEvent, { kind: 'swipe' }> {
  return { ...swipe, x: swipe.x2, y: swipe.y2, x2: swipe.x, y2: swipe.y };
}

export const oppositeOf = (d: ScrollDirection): ScrollDirection => OPPOSITE[d];

/** One swipe that brings content from `direction` into view: the finger moves the other way. */
export function swipeFor(direction: ScrollDirection, area: Rect): Extract<InputEvent, { kind: 'swipe' }> {
  const cx = Math.round(area.x + area.width / 2);
  const cy = Math.round(area.y + area.height / 2);
  const near = (start: number, size: number, f: number) => Math.round(start + size * f);
  switch (direction) {
    case 'down':
      return {
        kind: 'swipe',
        x: cx,
        y: near(area.y, area.height, 0.75),
        x2: cx,
        y2: near(area.y, area.height, 0.25),
        durationMs: SWIPE_MS,
      };
    case 'up':
      return {
        kind: 'swipe',
        x: cx,
        y: near(area.y, area.height, 0.25),
        x2: cx,
        y2: near(area.y, area.height, 0.75),
        durationMs: SWIPE_MS,
      };
    case 'right':
      return {
        kind: 'swipe',
        x: near(area.x, area.width, 0.8),
        y: cy,
        x2: near(area.x, area.width, 0.2),
        y2: cy,
        durationMs: SWIPE_MS,
      };
    case 'left':
      return {
        kind: 'swipe',
        x: near(area.x, area.width, 0.2),
        y: cy,
        x2: near(area.x, area.width, 0.8),
        y2: cy,
        durationMs: SWIPE_MS,
      };
  }
}

export function targetOnScreen(index: ScreenIndex, target: Target): boolean {
  const found = findTarget(index, target, { wholeScreen: true });
  if (found.found && isVisible(found.element, index.observation.screen)) return true;
  // "the £2 tip": a control named with a kind word after it, as a tap reads it.
  if (/\s[a-z][a-z-]{2,}$/.test(target.text) && target.text.trim().split(/\s+/).length <= 6) {
    const control = findTarget(index, target, { wholeScreen: true, preferInteractive: true });
    if (control.found && isVisible(control.element, index.observation.screen)) return true;
  }
  const hit =
    matchAll(index, target, { wholeScreen: true }) ??
    (target.literal ? matchAll(index, { text: target.literal }, { wholeScreen: true }) : null);
  return hit?.matches.some((e) => isVisible(e, index.observation.screen)) ?? false;
}

/** Whether a loop plan is done on this observation: its target is on screen (or gone, for "disappears"). */
export function isSatisfied(plan: LoopPlan, observation: Observation): boolean {
  if (plan.kind === 'scroll_until' && plan.toEnd) return false;
  const index = indexScreen(observation);
  const on =
    plan.kind === 'wait_until' && plan.screen ? titleIs(index, plan.target.text) : targetOnScreen(index, plan.target);
  return plan.kind === 'wait_until' && !plan.appears ? !on : on;
}

/**
 * A scroll plan to the target, both ways at most: down, or up when the content is scrolled already, unless the
 * caller knows which way it lies.
 */
export function scrollPlanTo(
  index: ScreenIndex,
  target: Target,
  direction: ScrollDirection = scrolledDown(index) ? 'up' : 'down',
): ScrollUntilPlan {
  return {
    kind: 'scroll_until',
    direction,
    target,
    swipe: swipeFor(direction, swipeArea(index, null)),
    maxSwipes: MAX_SWIPES,
    bothWays: true,
  };
}
