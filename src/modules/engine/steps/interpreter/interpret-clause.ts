import { splitClauses } from './clauses';
import { evaluateCheck } from './evaluate-check';
import type { Intent, ParsedStep } from './intent';
import { normalizeStep, parseStep, parseWhole } from './parse-step';
import { swipeArea, swipeFor, MAX_SWIPES } from './plans';
import { resolveAction } from './resolve-action';
import { notSettled, type Resolution } from './resolution';
import { screenNames, suggestFor } from './suggestions';
import { findTarget, type ScreenIndex } from './target-finder';
import { normalizeText } from './text-match';
import { isInteractive } from './ui-tree';

/**
 * One step on one screen, clause by clause: the first clause is settled on this screen, the
 * rest (`then`) is read again on the next. On-screen names are read as names ("Yes, cancel",
 * "Confirm and pay") before the step is split, and a step that is only a name taps it.
 */

const withThen = (r: Resolution, then: string | undefined): Resolution => {
  if (!then || !r.settled) return r;
  return { ...r, then: r.then ? `${r.then}, then ${then}` : then };
};

/** "Confirm and pay", "Tap Yes, cancel": the whole clause is the name of one element to tap. */
function wholeName(s: string, index: ScreenIndex): Intent | null {
  const bare = s.replace(/^(?:tap|click|touch|select|choose)(?:\s+on)?\s+(?:the\s+)?/i, '').replace(/^"(.*)"$/, '$1');
  const want = normalizeText(bare);
  if (want === '') return null;
  const hits = index.candidates.filter(
    (e) => isInteractive(e.node) && e.node.text && normalizeText(e.node.text) === want,
  );
  if (hits.length !== 1) return null;
  if (/^press\b/i.test(s)) return null;
  if (bare === s && !/[,]|\sand\s/i.test(s) && hits[0]!.node.role !== 'button') return null;
  return { kind: 'tap', target: { text: hits[0]!.node.text! } };
}

/** Content goes on below the screen: a list, or elements down to its bottom edge. */
function scrollable(index: ScreenIndex): boolean {
  const { height } = index.observation.screen;
  return index.elements.some(
    (e) =>
      e.node.role === 'list' ||
      e.node.role === 'scroll_view' ||
      (e.node.role !== 'application' &&
        e.node.role !== 'screen' &&
        e.node.bounds.y + e.node.bounds.height > height * 0.85),
  );
}

function resolve(intent: Intent, index: ScreenIndex): Resolution {
  return intent.kind === 'check' ? evaluateCheck(intent.check, index) : resolveAction(intent, index);
}

export function interpretClause(text: string, index: ScreenIndex): Resolution {
  const s = normalizeStep(text);
  if (s === '') return notSettled('not understood: the step is empty');
  const names = screenNames(index);
  const direct = wholeName(s, index);
  let parsed: ParsedStep;
  let first: { text: string; rest: string };
  let restOfStep: string | undefined;
  if (direct) {
    parsed = { understood: true, intent: direct };
    first = { text: s, rest: s };
  } else {
    const entire = parseWhole(s);
    const coarse = entire ? [{ text: s, rest: s }] : splitClauses(s, names, true);
    const whole = entire ?? (coarse[0] ? parseWhole(coarse[0].text) : null);
    if (whole) {
      parsed = whole;
      first = coarse[0]!;
      restOfStep = coarse[1]?.rest;
    } else {
      const clauses = splitClauses(s, names);
      first = clauses[0] ?? { text: s, rest: s };
      restOfStep = clauses[1]?.rest;
      const bare = wholeName(first.text, index);
      parsed = bare ? { understood: true, intent: bare } : parseStep(first.text, names);
    }
  }
  if (!parsed.understood) {
    const hint = suggestFor(first.text, index);
    return notSettled(`${parsed.reason}${hint.length ? `; did you mean: ${hint.join(' | ')}` : ''}`);
  }
  const r = resolve(parsed.intent, index);
  if (!r.settled && r.reveal) {
    // The element is in the UI tree but scrolled away: scroll to it, then read the clause again.
    const target = findTarget(index, { text: r.reveal.text }, { wholeScreen: true });
    return {
      settled: true,
      kind: 'scroll_until',
      plan: {
        kind: 'scroll_until',
        direction: r.reveal.direction,
        target: { text: r.reveal.text },
        swipe: swipeFor(r.reveal.direction, swipeArea(index, null)),
        maxSwipes: MAX_SWIPES,
      },
      reasoning: `scroll ${r.reveal.direction} to "${r.reveal.text}"${target.found ? '' : ''}`,
      then: first.rest,
    };
  }
  // A name not on this screen may be further down a list: scroll until it shows, then read the clause again.
  const sought = parsed.intent.kind === 'tap' || parsed.intent.kind === 'tap_times' ? parsed.intent.target : null;
  if (!r.settled && sought && /^no element matches/.test(r.reason) && scrollable(index))
    return {
      settled: true,
      kind: 'scroll_until',
      plan: {
        kind: 'scroll_until',
        direction: 'down',
        target: sought,
        swipe: swipeFor('down', swipeArea(index, null)),
        maxSwipes: MAX_SWIPES,
      },
      reasoning: `${r.reason}; scroll down until it shows`,
      then: first.rest,
    };
  return withThen(r, restOfStep);
}
