import type { Check } from './intent';
import { passed, notSettled, type CheckResolution } from './resolution';
import { screenTitle } from './screen-title';
import type { ScreenIndex } from './target-finder';
import { normalizeText } from './text-match';
import { describeElement, isVisible } from './ui-tree';

/**
 * "The appointment is cancelled", "The booking has been confirmed", "Your order was placed": a thing said by its
 * kind, and the state an action left it in. The screen says so when a text on it holds both words ("Appointment
 * cancelled", "Your booking has been confirmed"), or when the screen is that thing's (its title holds the noun) and
 * a text reads the state alone ("Status  Cancelled"). Nothing that says so leaves the claim not settled: which
 * words an app uses for it is not known.
 */

const STATES =
  'cancell?ed|deleted|removed|saved|sent|booked|confirmed|added|updated|created|submitted|requested|archived|completed|paid|placed|scheduled|rescheduled|approved|declined|rejected|refunded|renewed|restored|accepted';
const STATUS = new RegExp(
  `^(?:the |your |my |this |a )?([a-z]+(?: [a-z]+)?) (?:is|was|has been|have been|are|were|gets|got) (?:now |successfully |also )?(${STATES})$`,
  'i',
);

/** Subjects that are no thing of a kind: "Status is Completed" is a label and its value, "Nothing is added" no claim of a text. */
const NOT_A_THING = /^(?:status|state|it|this|that|nothing|everything|something|all|none|each|every \w+)$/i;

export function statusClaim(s: string): Check | null {
  const m = STATUS.exec(s.trim().replace(/[.!]$/, ''));
  if (!m || NOT_A_THING.test(m[1]!)) return null;
  return { kind: 'status', noun: m[1]!.toLowerCase(), state: m[2]!.toLowerCase() };
}

const stem = (w: string) => w.replace(/(?:ies)$/, 'y').replace(/s$/, '');
const words = (t: string) => normalizeText(t).split(' ').filter(Boolean).map(stem);
/** "canceled" and "cancelled" are one word. */
const same = (a: string, b: string) => a.replace(/ll/g, 'l') === b.replace(/ll/g, 'l');

export function checkStatus(index: ScreenIndex, noun: string, state: string): CheckResolution {
  const nounWords = words(noun);
  const texts = index.allCandidates.filter((e) => e.node.text?.trim() && isVisible(e, index.observation.screen));
  const both = texts.find((e) => {
    const w = words(e.node.text!);
    return nounWords.every((n) => w.includes(n)) && w.some((x) => same(x, stem(state)));
  });
  if (both) return passed(true, `${describeElement(both.node)} says the ${noun} is ${state}`);
  const title = words(screenTitle(index) ?? '');
  const alone = nounWords.every((n) => title.includes(n))
    ? texts.find((e) => {
        const w = words(e.node.text!);
        return w.length === 1 && same(w[0]!, stem(state));
      })
    : undefined;
  if (alone) return passed(true, `the ${screenTitle(index)} screen shows ${describeElement(alone.node)}`);
  // The thing's own screen whose Status reads another state: "Delivered", not "Cancelled".
  const label = nounWords.every((n) => title.includes(n))
    ? index.elements.findIndex((e) => /^status:?$/i.test(e.node.text?.trim() ?? ''))
    : -1;
  const status = label < 0 ? undefined : index.elements.slice(label + 1).find((e) => e.node.text?.trim());
  if (status && new RegExp(`^(?:${STATES})$`, 'i').test(status.node.text!.trim()))
    return passed(false, `the ${screenTitle(index)} screen's status reads "${status.node.text!.trim()}"`);
  return notSettled(`nothing on this screen says the ${noun} is ${state}`);
}
