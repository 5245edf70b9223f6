import { addedKind } from './form-values';
/**
 * A step that names its thing only by a pronoun, read with the step before it, which named it:
 * - "Turn Floor lamp off" → "Turn it back on": the same switch, to the state it had ("back" needs the
 *   step before to have set the other state);
 * - "Add one nachos" → "Remove it again": one of the same thing taken away;
 * - "Tap C4" → "Tap it again": the same element;
 * - "Add schedule Bedtime (22:30)" → "Add another: Evening (18:00)": one more of the same kind.
 * The step before must be of that very shape, naming one thing; anything else leaves the step as written
 * (and its "it" is found on no screen).
 */

const stripped = (s: string) =>
  s
    .trim()
    .replace(/[.!]+$/, '')
    .replace(/^(?:then|now|next|and)\s+/i, '');

/** The switch a step turned, and to which state: "Turn Floor lamp off", "Switch off Floor lamp". */
function turned(previous: string): { name: string; on: boolean } | null {
  const p = stripped(previous);
  const after = /^(?:turn|switch|toggle)\s+(?:the\s+)?(.+?)\s+(on|off)$/i.exec(p);
  if (after) return { name: after[1]!, on: /^on$/i.test(after[2]!) };
  const before = /^(?:turn|switch)\s+(on|off)\s+(?:the\s+)?(.+)$/i.exec(p);
  if (before) return { name: before[2]!, on: /^on$/i.test(before[1]!) };
  return null;
}

/** The one thing a step added: "Add one nachos", "Add 1 Croissant", "Add a Cola". */
function added(previous: string): string | null {
  const m = /^add\s+(?:one|a|an|1)\s+(.+?)(?:\s+to (?:the |my )?(?:basket|cart|order|bag))?$/i.exec(stripped(previous));
  return m && !/[,;]|\s(?:and|then)\s/i.test(m[1]!) ? m[1]! : null;
}

/** The one element a step tapped: "Tap C4", "Select Seat C4". */
function tapped(previous: string): string | null {
  const m = /^(?:tap|click|press|select)\s+(?:on\s+)?(.+)$/i.exec(stripped(previous));
  return m && !/[,;]|\s(?:and|then)\s|\d+ times|\b(?:twice|once)\b|"/i.test(m[1]!) ? m[1]! : null;
}

export function pronounStep(text: string, previous: string): string | null {
  const s = stripped(text);
  const turn = /^(?:turn|switch)\s+(?:it|that|this one)\s+back\s+(on|off)$/i.exec(s);
  if (turn) {
    const was = turned(previous);
    const on = /^on$/i.test(turn[1]!);
    return was && was.on !== on ? `turn ${was.name} ${on ? 'on' : 'off'}` : null;
  }
  if (/^(?:remove|take away|take out)\s+(?:it|that|this one)(?:\s+again)?$/i.test(s)) {
    const thing = added(previous);
    return thing ? `remove one ${thing}` : null;
  }
  // "Add another: Evening (18:00, Fri)" after "Add schedule Bedtime (22:30, Mon)": another of the same kind.
  const another = /^(add|create|make)\s+another(?:\s+one)?\s*:?\s+(\S.*)$/i.exec(s);
  if (another) {
    const kind = addedKind(stripped(previous));
    return kind ? `${another[1]} ${kind.noun} ${another[2]}` : null;
  }
  if (/^(?:tap|click|press)\s+(?:it|that|this one)\s+again$/i.test(s)) {
    const name = tapped(previous);
    return name ? `tap ${name}` : null;
  }
  return null;
}

/**
 * "Tap + three times" after "Living Room → Ceiling light" on a screen with several lines' +: the + of the thing the
 * step before went to or opened (the last part of its path, what it opened, tapped or selected), or whose + or −
 * it tapped ("tap + on thermostat", then "Tap − twice"). Null when the step
 * is no bare sign, or the step before named no one thing.
 */
export function signOfNamed(text: string, previous: string): string | null {
  const m = /^(tap|press|click|hit)\s+(\+|-|−)(\s+.*)?$/i.exec(stripped(text));
  if (!m) return null;
  // "Tap − on the Floor lamp 3 times (40 → 10%)": the aside says what the taps should do, not whose they are.
  const p = stripped(previous).replace(/\s*\([^()]*\)$/, '');
  const path = p.split(/\s+(?:→|->|>|›)\s+/);
  // "Living Room: tap + on thermostat", then "Tap − twice": the same line's other sign.
  const signed =
    /(?:\+|-|−|plus|minus)\s+(?:on|for|of|next to)\s+(?:the\s+)?(.+?)(?:\s+(?:\d+|two|three|four|five) times|\s+once|\s+twice)?$/i.exec(
      p,
    );
  const named = signed
    ? signed[1]!
    : path.length > 1
      ? path.at(-1)!
      : (/^(?:open|go to|select|tap|choose|pick)\s+(?:on\s+)?(?:the\s+)?(.+)$/i.exec(p)?.[1] ?? null);
  if (!named || /[,;"]|\s(?:and|then)\s|\d+ times/i.test(named)) return null;
  return `${m[1]} ${m[2]} on ${named}${m[3] ?? ''}`;
}
