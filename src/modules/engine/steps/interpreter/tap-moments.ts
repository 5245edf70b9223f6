import { ordinalOf } from './lexicon';
import { parseCount } from './step-text';

/**
 * "After two taps it reads Brightness 100%", "After the third tap: …", "After the + taps the quantity is 3": a
 * moment counted in the taps of a step that taps a control several times ("Tap + three times"). Such a step is
 * read one tap at a time, each part after a tap a point of its own ("tap "+" 2 more times"), so the screen after
 * k taps is the one the part with N − k taps left was read on, and the screen after them all is where the step
 * ended. The last such step from `from` on is the one meant; with none, or a count past its taps, the lead-in is
 * left to the other moment forms ("after the second tap" may count steps that tap).
 */

/** A place on a case's timeline, as `moments.ts` keeps it: the step and the text of the part read there. */
interface TimelinePoint {
  step: number;
  text: string;
}

/** Minus signs as one sign ("-", "–" and "−" are written alike), lower case. */
const signs = (s: string) => s.toLowerCase().replace(/[-–]/g, '−');

/** A part of a repeated tap still to do: `tap "Brighten" 2 more times`, `Soft drink + 2 more times`. */
const MORE = /\s(\d{1,2}) more times$/;

const COUNTED =
  /^(?:the\s+)?(?:([\p{L}\p{N}+−-]+)\s+)?(?:more\s+)?(taps|tap|presses|press|clicks|click)\b\s*[:,]?\s*(.+)$/iu;

/** The point after `count` taps (`'all'`: after the step), in the last repeated-tap step from `from` on. */
function afterTaps(
  count: number | 'all',
  points: readonly TimelinePoint[],
  from: number,
  named: string | null,
): number | null {
  for (let i = points.length - 1; i >= Math.max(0, from); i--) {
    const m = MORE.exec(points[i]!.text);
    if (!m) continue;
    const step = points[i]!.step;
    // "After the − taps": the step that taps −, as it was written.
    const written = points.find((p) => p.step === step)!.text;
    if (named !== null && !` ${signs(written)} `.includes(` ${named} `)) continue;
    // The step's first part still to do, with the most taps left: after one tap.
    let first = i;
    while (first > 0 && points[first - 1]!.step === step && MORE.test(points[first - 1]!.text)) first--;
    const total = Number(MORE.exec(points[first]!.text)![1]) + 1;
    const end = points.findIndex((p) => p.step > step);
    const after = end < 0 ? points.length : end;
    if (count === 'all' || count === total) return after;
    if (count < 1 || count > total) return null;
    const at = points.findIndex(
      (p, j) => j >= first && p.step === step && MORE.exec(p.text)?.[1] === `${total - count}`,
    );
    return at < 0 ? null : at;
  }
  return null;
}

/** The moment an "after" lead-in counts in taps, with the claim that follows it; null when it counts none here. */
export function tapMoment(
  rest: string,
  points: readonly TimelinePoint[],
  from: number,
): { at: number; claim: string; said: string } | null {
  const m = COUNTED.exec(rest.trim());
  if (!m) return null;
  const word = m[1]?.toLowerCase();
  const plural = /s$/i.test(m[2]!) && !/^press$/i.test(m[2]!);
  const n = word === undefined ? null : (parseCount(word) ?? ordinalOf(word));
  // "two taps", "the third tap"; "the + taps", "the taps": all of them.
  const count: number | 'all' | null = n !== null && n > 0 ? n : plural ? 'all' : null;
  if (count === null) return null;
  const said = `after ${m[1] ? `${m[1]} ` : 'the '}${m[2]}`;
  const named = n === null && word !== undefined ? signs(word) : null;
  const at = afterTaps(count, points, from, named);
  return at === null ? null : { at, claim: m[3]!, said };
}
