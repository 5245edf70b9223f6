import type { Rotation } from '../../../../worker/driver';

/** A word in the step that narrows which kind of element is meant ("the Sign in button"). */
export type RoleHint = 'button' | 'field' | 'switch' | 'tab' | 'link' | 'item' | 'icon' | 'text' | 'alert';

/** An element named in a step: its visible text, label or id, maybe narrowed by a role word. */
export interface Target {
  text: string;
  role?: RoleHint;
  /** The words as written when a trailing role word was split off ("Add item"), tried when nothing matches. */
  literal?: string;
}

/** Direction in which the content moves into view: "scroll down" and "swipe up" both reveal what is below. */
export type ScrollDirection = 'up' | 'down' | 'left' | 'right';

export type ElementState = 'enabled' | 'disabled' | 'on' | 'off';

export type Check =
  | { kind: 'visible'; target: Target; negated: boolean }
  | { kind: 'text'; target: Target; value: string; match: 'equals' | 'contains' }
  | { kind: 'state'; target: Target; state: ElementState }
  | { kind: 'title'; value: string }
  | { kind: 'screen_text'; value: string }
  | { kind: 'count'; count: number; comparison: 'exactly' | 'at_least' | 'at_most'; noun: CountNoun };

/** What a "N items are shown" check counts. */
export type CountNoun = 'item' | 'button' | 'field' | 'switch';

export type Intent =
  | { kind: 'tap'; target: Target }
  | { kind: 'double_tap'; target: Target }
  | { kind: 'long_press'; target: Target; durationMs: number }
  /** "press X" where X is also a key name: the key, or the element named X, decided on the screen. */
  | { kind: 'press'; target: Target; key: string }
  /** Replaces the field's text; without a target, types into the focused field as it is. */
  | { kind: 'type'; text: string; target: Target | null }
  | { kind: 'clear'; target: Target }
  | { kind: 'set_switch'; target: Target; on: boolean }
  | { kind: 'toggle'; target: Target }
  | { kind: 'scroll'; direction: ScrollDirection; times: number; on: Target | null }
  | { kind: 'scroll_until'; direction: ScrollDirection; target: Target }
  | { kind: 'back' }
  | { kind: 'home' }
  | { kind: 'key'; key: string }
  | { kind: 'rotate'; to: Rotation | 'landscape' | 'portrait' | 'next' }
  | { kind: 'wait'; ms: number }
  | { kind: 'wait_until'; target: Target; appears: boolean; timeoutMs: number }
  | { kind: 'launch' }
  | { kind: 'relaunch' }
  | { kind: 'run_flow'; name: string }
  | { kind: 'check'; check: Check };

export type ParsedStep = { understood: true; intent: Intent } | { understood: false; reason: string };
