import { startsWithVerb } from './lexicon';
import { parseCount } from './step-text';

/**
 * Reading steps that add things to a basket or cart, without the screen: which items (how many, with which
 * options), from which place, and what follows them: "Add 2 Croissant (Large) and 1 Tea from Corner Bakery, open
 * the cart", "Corner Bakery: add 1 Tea with Oat milk", "Open Corner Bakery and add 1 Tea", "Order 1 Tea from Corner
 * Bakery, Card, no tip", "Get to checkout with 2 Croissant". The screen decides the rest (cart-steps.ts).
 */

/** Where an item is: to be found on the list, searched for by a scroll, tapped in its row, on its screen, counted, added. */
export type Stage = 'find' | 'sought' | 'row' | 'opened' | 'set' | 'added';

export interface CartItem {
  count: number;
  name: string;
  options: string[];
  stage: Stage;
}

export interface CartPlan {
  /** The place to open first (a shop, a restaurant), when named and not open yet. */
  place: string | null;
  items: CartItem[];
  /** The clauses after the items, read by the rest of the interpreter. */
  after: string | null;
  /** "Try to add …": the last add button is tapped and the screen it leaves is the outcome (no way back). */
  attempt?: boolean;
}

const COUNT = '(?:\\d+|a single|one|two|three|four|five|six|seven|eight|nine|ten|an?)';
const ITEM = new RegExp(`^(${COUNT})\\s+(?:x\\s+|×\\s+)?(.+)$`, 'i');
const TO_BASKET = /\s+(?:in)?to\s+(?:the\s+|my\s+|your\s+)?(?:basket|cart|bag|order|trolley)$/i;
const DEFAULTS = /^(?:(?:with|using|keep|keeping)\s+)?(?:the\s+|all\s+)?defaults?\b/i;
const MAX_COUNT = 20;

const countOf = (w: string): number | null => {
  const t = w.toLowerCase();
  if (t === 'a' || t === 'an' || t === 'a single') return 1;
  return parseCount(t);
};

/** The canonical text carried from screen to screen (cart-steps.ts `planText`). */
function readCarried(s: string): CartPlan | null {
  const m = /^(try to )?add to the basket(?: at "([^"]+)")?: (.+)$/.exec(s);
  if (!m) return null;
  const cut = m[3]!.indexOf(', then ');
  const itemsText = cut < 0 ? m[3]! : m[3]!.slice(0, cut);
  const items: CartItem[] = [];
  for (const part of itemsText.split('; ')) {
    const i = /^(\d+) "([^"]+)"((?: with "[^"]+")*) (find|sought|row|opened|set|added)$/.exec(part);
    if (!i) return null;
    const options = [...i[3]!.matchAll(/ with "([^"]+)"/g)].map((o) => o[1]!);
    items.push({ count: Number(i[1]), name: i[2]!, options, stage: i[4] as Stage });
  }
  const after = cut < 0 ? null : m[3]!.slice(cut + 7);
  return { place: m[2] ?? null, items, after, ...(m[1] ? { attempt: true } : {}) };
}

type Mode = 'add' | 'checkout' | 'place';

interface Lead {
  mode: Mode;
  place: string | null;
  body: string;
}

/** The shape of the step: what kind of step, a place said before the items, and the items and the rest. */
function lead(s: string): Lead | null {
  const order = /^(?:place|make|submit)\s+(?:an?\s+|the\s+|my\s+)?(?:(.+?)\s+)?order\s+(?:of|for|with)\s+(.+)$/i.exec(
    s,
  );
  if (order) return { mode: 'place', place: order[1] ?? null, body: order[2]! };
  const bare = /^order\s+(.+)$/i.exec(s);
  if (bare) return { mode: 'place', place: null, body: bare[1]! };
  const checkout = /^(?:get|go|proceed|continue)\s+to\s+(?:the\s+)?check ?out\s+with\s+(.+)$/i.exec(s);
  if (checkout) return { mode: 'checkout', place: null, body: checkout[1]! };
  const placed =
    /^(?:open|go to|visit)\s+(?:the\s+)?(.+?)(?:,\s*|\s+and\s+)(?:then\s+)?((?:add|put|tap)\s.+)$/i.exec(s) ??
    /^(?:in|from|at)\s+(?:the\s+)?(.+?),?\s+((?:add|put)\s.+)$/i.exec(s) ??
    /^([^:,]{2,40}):\s+((?:add|put)\s.+)$/i.exec(s);
  if (placed) {
    const inner = addBody(placed[2]!);
    return inner ? { mode: 'add', place: placed[1]!.trim(), body: inner } : null;
  }
  const body = addBody(s);
  return body ? { mode: 'add', place: null, body } : null;
}

/** "add 2 X …" → "2 X …"; "tap X and add 1 to basket …" → "1 X …". */
function addBody(s: string): string | null {
  const tapped = new RegExp(
    `^tap\\s+(?:on\\s+)?(?:the\\s+)?(.+?)\\s+and\\s+add\\s+(${COUNT})(?=$|[,\\s])((?:${TO_BASKET.source.slice(0, -1)})?)(.*)$`,
    'i',
  ).exec(s);
  if (tapped) return `${tapped[2]} ${tapped[1]}${tapped[3]}${tapped[4]}`;
  const add = /^(?:add|put)\s+(.+)$/i.exec(s);
  return add ? add[1]! : null;
}

interface ReadItem {
  item: CartItem;
  place: string | null;
  article: boolean;
  toBasket: boolean;
}

/** "2 Croissant (Large) from Corner Bakery with oat milk": the item, its options and the place. */
function readItem(seg: string, held: string[]): ReadItem | null {
  const m = ITEM.exec(seg);
  if (!m) return null;
  const count = countOf(m[1]!);
  if (count === null || count < 1 || count > MAX_COUNT) return null;
  let rest = m[2]!;
  const options: string[] = [];
  rest = rest.replace(/\s*\u0000(\d+)\u0000/g, (_all, k: string) => {
    options.push(...held[Number(k)]!.split(/\s*,\s*|\s+and\s+/));
    return '';
  });
  const toBasket = TO_BASKET.test(rest);
  rest = rest.replace(TO_BASKET, '');
  const withs = /^(.+?)\s+with\s+(.+)$/i.exec(rest);
  if (withs) {
    rest = withs[1]!;
    options.push(...withs[2]!.split(/\s+and\s+/));
  }
  let place: string | null = null;
  const at = /^(.+?)\s+(?:from|at|in)\s+(?:the\s+)?("[^"]+"|\p{Lu}.*)$/u.exec(rest);
  if (at) {
    rest = at[1]!;
    place = at[2]!.replace(/^"(.*)"$/, '$1').replace(TO_BASKET, '');
  }
  const name = rest.trim().replace(/^"(.*)"$/, '$1');
  if (!/^[\p{Lu}\d]/u.test(name) || name.length > 60) return null;
  return {
    item: {
      count,
      name,
      options: options.map((o) => o.trim()).filter((o) => o !== '' && !DEFAULTS.test(o)),
      stage: 'find',
    },
    place,
    article: /^an?$/i.test(m[1]!),
    toBasket,
  };
}

/** What a checkout choice named in an order step becomes: taps by name, or nothing for the defaults. */
function choiceSteps(seg: string): string[] | null {
  const s = seg.trim();
  if (s === '' || DEFAULTS.test(s)) return [];
  if (/^(?:with\s+)?no tip$/i.test(s)) return ['tap "No tip"'];
  const tip =
    /^(?:with\s+)?(?:a\s+)?([£$€]\s?\d+(?:\.\d{2})?)\s+tip$|^tip\s+(?:of\s+)?([£$€]\s?\d+(?:\.\d{2})?)$/i.exec(s);
  if (tip) return [`tap "${tip[1] ?? tip[2]}"`];
  const slot = /^schedule(?:d)?\s+(?:for\s+|at\s+)?(\d{1,2}[:.]\d{2})$/i.exec(s);
  if (slot) return ['tap "Schedule"', `tap "${slot[1]}"`];
  const pay = /^(?:pay(?:ing)?|pay(?:ing)? (?:by|with)|with)\s+(.+)$/i.exec(s);
  if (pay) return [`tap "${pay[1]}"`];
  if (/^[\p{Lu}"£$€\d]/u.test(s) && !startsWithVerb(s)) return [`tap "${s.replace(/^"(.*)"$/, '$1')}"`];
  return null;
}

/**
 * The step read as items to add and what follows, or null when it is no such step. A step of that shape whose
 * checkout choices cannot be read is refused with the reason.
 */
export function readCartStep(text: string): CartPlan | { refused: string } | null {
  const carried = readCarried(text);
  if (carried) return carried;
  const attempt = /^try to\s+/i.test(text.trim());
  const s = text
    .trim()
    .replace(/^try to\s+/i, '')
    .replace(/\s+(?:all\s+)?(?:in one go|at once|in one tap)$/i, '');
  const shape = lead(s);
  if (!shape) return null;
  // Choices in parentheses keep their commas: "(ASAP, Visa, No tip)".
  const held: string[] = [];
  const body = shape.body.replace(/\(([^()]*)\)/g, (_all, inner: string) => `\u0000${held.push(inner) - 1}\u0000`);
  const parts = body.split(/(\s*,\s*|\s+and\s+|\s+\+\s+|\s*;\s*)/);
  const items: ReadItem[] = [];
  const tail: string[] = [];
  for (let i = 0; i < parts.length; i += 2) {
    const seg = parts[i]!.replace(/^(?:then|and)\s+/i, '').trim();
    const sep = parts[i - 1] ?? '';
    const read = tail.length === 0 ? readItem(seg, held) : null;
    if (read) items.push(read);
    else if (items.length === 0) return null;
    else if (
      tail.length === 0 &&
      /^\s+and\s+$/.test(sep) &&
      !startsWithVerb(seg) &&
      (shape.mode === 'add' || !choiceSteps(restore(seg, held)))
    )
      return null; // "1 Fish and Chips": a name with "and" in it is left to the other forms.
    else tail.push(restore(seg, held));
  }
  const place = shape.place ?? items.find((r) => r.place)?.place ?? null;
  const list = items.map((r) => r.item);
  if (
    items.some((r) => r.article) &&
    !place &&
    list.length < 2 &&
    !items.some((r) => r.toBasket) &&
    shape.mode === 'add'
  )
    return null;
  const after = afterSteps(shape.mode, tail);
  if ('refused' in after) return after;
  return {
    place,
    items: list,
    after: after.steps.length ? after.steps.join(', then ') : null,
    ...(attempt ? { attempt } : {}),
  };
}

const restore = (seg: string, held: string[]): string =>
  seg.replace(/\u0000(\d+)\u0000/g, (_all, k: string) => `(${held[Number(k)]})`);

const BASKET =
  /^(?:open|re-?open|view|go to|go back to|show|check|see)\s+(?:the\s+|my\s+)?(?:basket|cart|bag|trolley)$/i;
const CHECKOUT = /^(?:(?:go|proceed|continue|head)\s+to\s+(?:the\s+)?check ?out|check ?out|open (?:the\s+)?checkout)$/i;

/** What follows the items: the basket, the checkout and its choices, the order placed, as steps in turn. */
function afterSteps(mode: Mode, tail: string[]): { steps: string[] } | { refused: string } {
  if (mode === 'add') {
    const steps: string[] = [];
    for (const [k, seg] of tail.entries()) {
      if (BASKET.test(seg)) steps.push('go on to the basket');
      else if (CHECKOUT.test(seg)) steps.push('go on to the checkout');
      else if (/^check ?out\s+with\s+/i.test(seg)) {
        const rest = afterSteps('checkout', [seg.replace(/^check ?out\s+with\s+/i, ''), ...tail.slice(k + 1)]);
        return 'refused' in rest ? rest : { steps: [...steps, ...rest.steps] };
      } else if (startsWithVerb(seg) || /^apply\s/i.test(seg)) steps.push(seg);
      else return { refused: `not understood: after the items, "${seg}" is not a step` };
    }
    return { steps };
  }
  const before: string[] = [];
  const choices: string[] = [];
  const later: string[] = [];
  for (const seg of tail) {
    const parts = /^(.*?)\s*\(([^()]*)\)$/.exec(seg);
    const segs = parts ? [parts[1]!, ...parts[2]!.split(/\s*,\s*/)] : [seg];
    for (const one of segs) {
      if (/^apply\s/i.test(one)) before.push(one);
      else if (BASKET.test(one) || CHECKOUT.test(one)) continue;
      else {
        const taps = choiceSteps(one);
        if (taps) choices.push(...taps);
        else if (startsWithVerb(one)) later.push(one);
        else return { refused: `not understood: "${one}" names no checkout choice; write it as "tap …"` };
      }
    }
  }
  return {
    steps: [
      ...(before.length ? ['go on to the basket', ...before] : []),
      'go on to the checkout',
      ...choices,
      ...(mode === 'place' ? ['tap Place order'] : []),
      ...later,
    ],
  };
}
