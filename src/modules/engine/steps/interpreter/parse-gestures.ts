import { type Rule, ok, refuse } from './intent';
import type { Intent, ParsedStep, ScrollDirection, Target } from './intent';
import { COUNT_PATTERN, DURATION_PATTERN, keyCodeFor, parseCount, parseDuration, parseTarget } from './step-text';

/** Scrolling, swiping, double taps and long presses. */

const MAX_SCROLL_TIMES = 20;
const DEFAULT_LONG_PRESS_MS = 1_000;

function targetOr(raw: string, build: (t: Target) => Intent): ParsedStep {
  const target = parseTarget(raw);
  return target ? ok(build(target)) : refuse(`not understood: cannot tell which element "${raw}" means`);
}

const FINGER_TO_CONTENT: Record<ScrollDirection, ScrollDirection> = {
  up: 'down',
  down: 'up',
  left: 'right',
  right: 'left',
};
const APPEARS = '(?:is visible|appears|is shown|is displayed|shows up|comes into view|is on (?:the )?screen)';

function scrollDirection(verb: string, dir: string | undefined): ScrollDirection | null {
  const d = dir?.toLowerCase() as ScrollDirection | undefined;
  if (verb.toLowerCase() === 'scroll') return d ?? 'down';
  return d ? FINGER_TO_CONTENT[d] : null;
}

function times(word: string | undefined): number | null {
  if (!word) return 1;
  const w = word.toLowerCase().trim();
  if (w === 'once') return 1;
  if (w === 'twice') return 2;
  if (w === 'thrice') return 3;
  return parseCount(w.replace(/\s+times?$/, ''));
}

const EDGE: Record<string, ScrollDirection> = { left: 'left', right: 'right', top: 'up', bottom: 'down' };

export const scrollRules: Rule[] = [
  // "Scroll down to see the Terms" (until it shows), "Swipe left to reveal Delete" (the swipe; its purpose is a remark).
  (s) => {
    const m =
      /^((?:scroll|swipe)(?: (?:up|down|left|right))?(?: (?:on|over|in) (?:the )?[^"]+?| (?:on|over|in) "[^"]+")?) (?:to|in order to) (see|find|view|reveal|show|display|get to|access|bring up|load|refresh) (.+)$/i.exec(
        s,
      );
    if (!m) return null;
    if (/^scroll/i.test(m[1]!) && /^(?:see|find|view|get to|access)$/i.test(m[2]!)) {
      const dir = /\b(up|down|left|right)\b/i.exec(m[1]!)?.[1]?.toLowerCase() as ScrollDirection | undefined;
      return targetOr(m[3]!, (target) => ({ kind: 'scroll_until', direction: dir ?? 'down', target }));
    }
    const head = scrollRules.slice(-1)[0]!(m[1]!);
    return head?.understood ? head : null;
  },
  // "Swipe from right to left", "swipe from the bottom to the top of the list": the finger's way.
  (s) => {
    const m =
      /^(?:do (?:a )?)?swipe from (?:the )?(left|right|top|bottom) to (?:the )?(left|right|top|bottom)(?: (?:edge|side))?(?: (?:on|of|over|in) (?:the )?(.+?))?$/i.exec(
        s,
      );
    if (!m) return null;
    const from = EDGE[m[1]!.toLowerCase()]!;
    const to = EDGE[m[2]!.toLowerCase()]!;
    const vertical = (d: ScrollDirection) => d === 'up' || d === 'down';
    if (from === to || vertical(from) !== vertical(to))
      return refuse('not understood: say which way to swipe (up, down, left or right)');
    const direction = FINGER_TO_CONTENT[to];
    if (!m[3] || /^(?:screen|page)$/i.test(m[3])) return ok({ kind: 'scroll', direction, times: 1, on: null });
    return targetOr(m[3], (on) => ({ kind: 'scroll', direction, times: 1, on }));
  },
  // "Pull down to refresh", "pull down on the screen": the finger moves down over the top of the content.
  (s) =>
    /^pull (?:down )?to refresh$|^pull down(?: on (?:the )?(?:screen|page|list))?(?: to refresh)?$|^(?:swipe|drag) down(?: on (?:the )?(?:screen|page|list))? to refresh$/i.test(
      s,
    )
      ? ok({ kind: 'scroll', direction: 'up', times: 1, on: null })
      : null,
  (s) => {
    const m = /^scroll all the way (up|down)$/i.exec(s);
    return m ? ok({ kind: 'scroll_end', direction: m[1]!.toLowerCase() as ScrollDirection }) : null;
  },
  (s) => {
    const m = new RegExp(`^(scroll|swipe)(?: (up|down|left|right))? (?:until|till) (.+?) ${APPEARS}$`, 'i').exec(s);
    if (!m) return null;
    const direction = scrollDirection(m[1]!, m[2]);
    if (!direction) return refuse('not understood: say which way to swipe, e.g. swipe up until "Item 30" is visible');
    return targetOr(m[3]!, (target) => ({ kind: 'scroll_until', direction, target }));
  },
  (s) => {
    const m = /^scroll(?: (up|down|left|right))? to (.+)$/i.exec(s);
    if (!m) return null;
    const end =
      /^(?:the )?(?:very )?(top|bottom|end|start|beginning)(?: of (?:the |this |my )?(?:("[^"]+"|[\p{Lu}\d][\p{L}\d' -]{0,30}?) )?(?:screen|page|list|form|results|content|section|feed|table))?$/iu.exec(
        m[2]!,
      );
    if (end) {
      const direction: ScrollDirection = /^(?:top|start|beginning)$/i.test(end[1]!) ? 'up' : 'down';
      if (m[1] && m[1].toLowerCase() !== direction)
        return refuse(`not understood: scroll ${m[1]} to the ${end[1]} goes two ways at once`);
      // "Scroll down to the bottom of the Transactions list": that list's end, its name on screen.
      const within = end[2] ? end[2].replace(/^"(.*)"$/, '$1') : undefined;
      return ok({ kind: 'scroll_end', direction, ...(within ? { within } : {}) });
    }
    return targetOr(m[2]!, (target) => ({
      kind: 'scroll_until',
      direction: (m[1]?.toLowerCase() as ScrollDirection | undefined) ?? 'down',
      target,
    }));
  },
  // "Swipe to the next image", "swipe to the previous page": a carousel or pager, one page along.
  (s) => {
    const m =
      /^swipe (?:to|towards|forward to|back to) (?:the )?(next|previous|prev) (?:page|image|photo|picture|slide|screen|card|item|tab|step|banner|month|week|day)$/i.exec(
        s,
      );
    if (!m) return null;
    return ok({ kind: 'scroll', direction: /^next$/i.test(m[1]!) ? 'right' : 'left', times: 1, on: null });
  },
  // "Scroll down the list", "scroll up the page": the list on screen (the largest one), or the page.
  (s) => {
    const m =
      /^(scroll|swipe) (up|down|left|right) (?:through |along )?(?:the )?(?:list|page|screen|form|results|content|feed)$/i.exec(
        s,
      );
    const direction = m ? scrollDirection(m[1]!, m[2]) : null;
    return direction ? ok({ kind: 'scroll', direction, times: 1, on: null }) : null;
  },
  (s) => {
    const t = s
      .replace(/^(?:do (?:a )?)?(?:an? )?(?:long |short |quick )?(swipe|scroll)\b/i, '$1')
      // "Swipe left by 300 pixels on the image": a distance in pixels is no part of a swipe a screen is read by.
      .replace(/\s+by \d+ ?(?:pixels|px|points|pt|dp)\b/i, '')
      .replace(/^(swipe|scroll) ("[^"]+"|the [\w ]+?) (up|down|left|right)wards?$/i, '$1 $3 on $2');
    const m = new RegExp(
      `^(scroll|swipe)(?: (up|down|left|right))?(?: (?:on|over|in) (.+?))?(?: (once|twice|thrice|${COUNT_PATTERN} times?))?$`,
      'i',
    ).exec(t);
    if (!m) return null;
    const direction = scrollDirection(m[1]!, m[2]);
    if (!direction) return refuse('not understood: say which way to swipe (up, down, left or right)');
    const n = times(m[4]);
    if (n === null || n < 1 || n > MAX_SCROLL_TIMES)
      return refuse(`not understood: scroll between 1 and ${MAX_SCROLL_TIMES} times`);
    // "Swipe up on the screen", "scroll down on the list": the page, or the list on it (the largest one).
    if (!m[3] || /^(?:the )?(?:screen|page|display|list|content)$/i.test(m[3]))
      return ok({ kind: 'scroll', direction, times: n, on: null });
    return targetOr(m[3], (on) => ({ kind: 'scroll', direction, times: n, on }));
  },
];

/** Read before the everyday forms, which would take "change X to Y" as typing and "press X 4 times" as taps. */
export const earlyGestureRules: Rule[] = [
  // "Change the orientation to landscape", "set the device orientation to portrait".
  (s) => {
    const m =
      /^(?:change|set|switch|put)(?: the)?(?: (?:device|screen|phone|tablet)(?:'s)?)? (?:orientation|rotation) (?:to|into) (landscape|portrait)(?: mode)?$/i.exec(
        s,
      ) ??
      /^(?:put|hold|turn) (?:the )?(?:device|phone|tablet) (?:in|into|to) (landscape|portrait)(?: mode)?$/i.exec(s);
    return m ? ok({ kind: 'rotate', to: m[1]!.toLowerCase() as 'landscape' | 'portrait' }) : null;
  },
  // "Rotate the device back to portrait", "turn the phone sideways", "rotate to landscape and back to portrait".
  (s) => {
    const m =
      /^(?:rotate|turn|tilt)(?: the)?(?: device| screen| phone| tablet)?(?: back)?(?: (?:to|into) (landscape|portrait)(?: mode| orientation)?| (sideways|upright))(?:,? and(?: then)?(?: rotate| turn)?(?: it)?(?: back)? (?:to|into) (landscape|portrait)(?: mode| orientation)?)?$/i.exec(
        s,
      );
    if (!m) return null;
    const first = (m[1] ?? (/^sideways$/i.test(m[2]!) ? 'landscape' : 'portrait')).toLowerCase() as
      | 'landscape'
      | 'portrait';
    if (!m[3]) return ok({ kind: 'rotate', to: first });
    const second = m[3].toLowerCase() as 'landscape' | 'portrait';
    return ok({
      kind: 'sequence',
      steps: [
        { kind: 'rotate', to: first },
        { kind: 'rotate', to: second },
      ],
    });
  },
  // "Send the ENTER key", "type the enter key": a key by its name.
  (s) => {
    const m = /^(?:send|type|enter) (?:the )?(?:key )?"?([a-z_ ]+?)"? key$/i.exec(s);
    const key = m ? keyCodeFor(m[1]!) : null;
    return key ? ok({ kind: 'key', key }) : null;
  },
  // "Press the back button 4 times": the back navigation, repeated.
  (s) => {
    const m = new RegExp(
      `^(?:press|tap|click|hit)(?: on| in)? (?:the )?(?:device |system |hardware )?back(?: button| key| arrow)? (twice|thrice|${COUNT_PATTERN} times?)$`,
      'i',
    ).exec(s);
    const n = m ? times(m[1]) : null;
    if (!m || n === null || n < 1 || n > MAX_SCROLL_TIMES) return null;
    return ok(
      n === 1
        ? { kind: 'back' }
        : { kind: 'sequence', steps: Array.from({ length: n }, () => ({ kind: 'back' }) as Intent) },
    );
  },
];

export const gestureRules: Rule[] = [
  (s) => {
    const m = /^(?:double[- ]?(?:tap|click)|tap twice(?: on)?|click twice(?: on)?)\s+(?:on\s+)?(.+)$/i.exec(s);
    return m ? targetOr(m[1]!, (target) => ({ kind: 'double_tap', target })) : null;
  },
  (s) => {
    const m = new RegExp(
      `^(?:long[- ]?press|long[- ]?tap|long[- ]?click|press and hold|tap and hold|touch and hold)\\s+(?:on\\s+)?(.+?)(?:\\s+for\\s+${DURATION_PATTERN})?$`,
      'i',
    ).exec(s);
    if (!m) return null;
    const ms = m[2] ? parseDuration(m[2]) : DEFAULT_LONG_PRESS_MS;
    if (ms === null || ms > 10_000) return refuse('not understood: a long press lasts at most 10 seconds');
    return targetOr(m[1]!, (target) => ({ kind: 'long_press', target, durationMs: ms }));
  },
];
