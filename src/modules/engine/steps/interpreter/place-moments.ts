import type { MomentReading, TimelinePoint } from './moments';
import { escapeRegExp } from './step-text';
import { valueList } from './value-lists';

/**
 * Claims whose subject is a place a step went to: "Appointments shows "2 upcoming"", "Book shows "Book an
 * appointment"", "Profile now shows Sam Rivera" after "Tap Appointments, Book, Prescriptions, Profile, then
 * Home". Each is said of the screen that place showed, so it is judged where the step that named the place
 * left the screen: the last part of the case's steps (from `from` on) that names it, where what is left of
 * that step after it no longer does. The claim is read there as written, so the place must be the screen
 * showing then (its title), else the claim does not hold.
 *
 * Null (the claim is read on the screen the steps end on, as before) when the subject is no capitalised
 * name, no step names it, or it is named inside a step no screen was kept of at that place.
 */

const SAY =
  /^(?:the )?(\p{Lu}[\p{L}-]*(?: \p{Lu}[\p{L}-]*){0,2})(?: (?:screen|page|tab))? (?:(?:now|still|again|then) )?(?:shows?|says?|reads?|lists?|displays?|opens (?:with|on)|has) \S/u;

/** Words a claim's subject may be that name no place: pronouns, parts of a screen. */
const NOT_A_PLACE = /^(?:It|This|That|They|There|Each|Every|Both|All|Only|Dialog|Screen|Page|Header|Title|Heading)$/;

/** The place's words in order, as a whole name with its capitals kept. */
const placeWords = (place: string) =>
  `(?<![\\p{L}\\p{N}])${place.split(/\s+/).map(escapeRegExp).join('\\s+')}(?![\\p{L}\\p{N}'’])`;

/** Whether a step's text names the place. */
const namesPlace = (text: string, place: string) => new RegExp(placeWords(place), 'u').test(text);

export function placeMoment(text: string, points: readonly TimelinePoint[], from = 0): MomentReading {
  const m = SAY.exec(text.trim());
  if (!m || NOT_A_PLACE.test(m[1]!)) return null;
  const place = m[1]!;
  for (let i = points.length - 1; i >= Math.max(0, from); i--) {
    if (!namesPlace(points[i]!.text, place)) continue;
    const next = points[i + 1];
    // Named in the last part of its step: the screen that part left is the next step's (or the end).
    if (next && next.step === points[i]!.step && namesPlace(next.text, place)) continue;
    if (!next || next.step !== points[i]!.step) {
      // The whole step was read as one: only a step that ends on the place went there last.
      if (!endsOn(points[i]!.text, place)) return null;
    }
    return { moment: { at: i + 1, claim: text.trim(), said: `where ${place} was opened`, place } };
  }
  return null;
}

/** Whether the place is what the step's text ends on: "Tap Home", "…, then Home", "Switch to the Home tab". */
function endsOn(text: string, place: string): boolean {
  const tail = new RegExp(`${placeWords(place)}(?:\\s+(?:screen|page|tab))?\\s*[.!]?$`, 'u');
  return tail.test(text.trim());
}

/**
 * Claims led by one stop of a tour a step made: "Today: 18:15 and 21:00", "Sat 28 has 13:30" after "Check
 * Today, then Sat 28, then Sun 29". Each part of such a step was a point of its own on the run's timeline,
 * so the claim is judged on the screen the part that went to that name left. Only a part of a step that goes
 * on to other parts is such a stop: a whole step ("Open Settings", then "Turn on Face ID") is not, as what
 * the steps after it did is what the claim is of.
 */
export function tourMoment(text: string, points: readonly TimelinePoint[], from = 0): MomentReading {
  const m =
    /^([^:"]{1,30}?)\s*:\s+(.+)$/.exec(text.trim()) ??
    /^(\p{Lu}[\p{L}\p{N}]*(?: [\p{L}\p{N}]+){0,2}) has (\S.+)$/u.exec(text.trim());
  if (!m || NOT_A_PLACE.test(m[1]!) || !/^[\p{Lu}\p{N}]/u.test(m[1]!)) return null;
  const stop = m[1]!;
  const ends = new RegExp(`${placeWords(stop)}\\s*[.!]?$`, 'u');
  for (let i = Math.max(0, from); i < points.length; i++) {
    const [p, next] = [points[i]!, points[i + 1]];
    const goesOn = next?.step === p.step;
    const tour = goesOn || points.some((q, j) => j < i && q.step === p.step);
    if (!tour || !namesPlace(p.text.replace(/"/g, ''), stop)) continue;
    // The part that went there: the next part of its step goes elsewhere, or this one ends on it.
    if (goesOn ? namesPlace(next.text.replace(/"/g, ''), stop) : !ends.test(p.text.replace(/"/g, '').trim())) continue;
    return { moment: { at: i + 1, claim: listedValues(m[2]!), said: `where ${stop} was chosen` } };
  }
  return null;
}

/** "18:15 and 21:00, both bookable": values alone are claimed shown, and enabled when so said. */
function listedValues(claim: string): string {
  const list = valueList(claim);
  if (!list) return claim;
  const quoted = list.items.map((v) => `"${v}"`).join(' and ');
  const are = list.items.length > 1 ? 'are' : 'is';
  return `${quoted} ${are} shown${list.enabled ? `, ${quoted} ${are} enabled` : ''}`;
}
