import type { Check } from './intent';
import { COUNT_PATTERN, LIST_SEPARATOR } from './step-text';

/**
 * Short QA notes that say a usual claim in fewer words, read as that claim: "Cancel and Turn on buttons" (each button
 * shown), "Email field is cleared" (the field is empty), "List still has 5 schedules" (the list has them now),
 * "Scenes lists 5 scenes" (on the Scenes screen, five rows), "Home opens with "Hi Sam"" (Home shows it).
 */
export function rewrittenClaim(s: string, read: (part: string) => Check | null): Check | null {
  const t = s.trim();
  const buttons = /^(?:the )?([^"]+?(?:,| and) [^"]+?|(?:"[^"]+"(?:,\s*|,? and\s+)?){2,}) buttons$/i.exec(t);
  if (buttons && !/\b(?:is|are|was|were|tap|press|click|has|have|shows?|with|no|not)\b/i.test(buttons[1]!))
    return read(`${buttons[1]} buttons are shown`);
  // "Home opens with "Good morning, Sam" and …": what the place shows once it has opened.
  // "The Search screen opens with the greeting "…"" is the screen forms' to read.
  // A place is a name: "The Pepperoni dish opens with …" (an article, a thing's kind) is read as it was.
  const opens =
    /^(?!(?:The|A|An|This|That)\b)(\p{Lu}[\p{L} ]{0,30}?)(?<!\s\p{Ll}+) opens with (?!(?:the|a|an|its|heading)\b)(.+)$/u.exec(
      t,
    );
  if (opens && !/\b(?:screen|page)$/i.test(opens[1]!)) return read(`${opens[1]} shows ${opens[2]}`);
  // "Rate screen asks "How was your order?"", "The dialog asks "Delete this scene?"": the question is shown there.
  const asks =
    /^((?:the )?[^"]{1,40}? (?:screen|page|dialog|popup|pop-up|alert|prompt)) asks ((?:"[^"]+"(?:,\s*|,? and\s+)?)+)$/i.exec(
      t,
    );
  if (asks) return read(`${asks[1]} shows ${asks[2]}`);
  // "Under it "Pizza · ★ 4.7" and "Minimum order £10.00"": what the claim before spoke of is not kept; the texts shown.
  const under =
    /^(?:under|below|beneath|next to|beside|above|after) (?:it|that|this|them)[,:]?\s+((?:"[^"]+"(?:,\s*|,? and\s+)?)+)(?:\s+(?:is|are) (?:shown|displayed|visible))?$/i.exec(
      t,
    );
  if (under)
    return {
      kind: 'all',
      checks: [...under[1]!.matchAll(/"([^"]+)"/g)].map(
        (q): Check => ({ kind: 'visible', target: { text: q[1]! }, negated: false }),
      ),
    };
  // "Results show "1 film" with Signal from Europa": the count as shown, and each row named.
  const results = /^(?:the )?(?:search )?results? (?:shows?|lists?) ("[^"]+") with ([^"]+)$/i.exec(t);
  const rows = (results?.[2] ?? '').split(LIST_SEPARATOR).map((v) => v.trim());
  if (results && rows.every((r) => /^[\p{Lu}\d][\p{L}\d' -]{0,40}$/u.test(r) && !/\b(?:is|are|not|no)\b/i.test(r)))
    return {
      kind: 'all',
      checks: [results[1]!.slice(1, -1), ...rows].map(
        (text): Check => ({ kind: 'visible', target: { text }, negated: false }),
      ),
    };
  // "Fields start with Jo Park and 07700 900731": each value is in a field (a field's text is its value).
  const prefilled =
    /^(?:the )?(?:fields|form|inputs|form fields) (?:start with|are (?:pre-?filled|filled in) with|show|hold|contain|read) ([^"]+?|(?:"[^"]+"(?:,\s*|,? and\s+)?)+)$/i.exec(
      t,
    );
  const values = prefilled?.[1]?.split(LIST_SEPARATOR).map((v) => v.trim().replace(/^"|"$/g, ''));
  if (values && values.length > 0 && values.every((v) => v !== '' && !/\b(?:is|are|not|no|empty)\b/i.test(v)))
    return {
      kind: 'all',
      checks: values.map((text): Check => ({ kind: 'visible', target: { text, role: 'field' }, negated: false })),
    };
  const cleared = /^(?:the )?([^"]+? (?:field|input|box)) (?:is|was|gets|has been) cleared$/i.exec(t);
  if (cleared) return read(`the ${cleared[1]} is empty`);
  const counted = new RegExp(
    `^(\\p{Lu}[\\p{L} ]{0,30}?) (?:still )?(?:lists|shows|has) ${COUNT_PATTERN} (\\p{L}+)$`,
    'iu',
  ).exec(t);
  if (counted && !/^(?:the )?(?:list|screen|page)$/i.test(counted[1]!)) {
    const count = read(`the list has ${counted[2]} ${counted[3]}`);
    // "Living Room has 4 devices" on Home: when no screen of that name shows, what the row so named says.
    const row: Check = {
      kind: 'text',
      target: { text: counted[1]! },
      value: `${counted[2]} ${counted[3]}`,
      match: 'equals',
    };
    return count?.kind === 'count' ? { kind: 'seen_on', screen: counted[1]!, check: count, otherwise: row } : null;
  }
  // "Same Schedules screen with Wake up, Weekend coffee and Lights out": that screen, each name on it.
  const withNames =
    /^(?:[Tt]he )?(?:[Ss]ame )?(\p{Lu}[\p{L} ]{0,30}?) (?:screen|page)(?: is shown| opens| again)? with ([^"]+)$/u.exec(
      t,
    );
  if (withNames) {
    const names = withNames[2]!.split(LIST_SEPARATOR).map((n) => n.trim());
    if (
      names.length > 0 &&
      names.every((n) => /^[\p{Lu}\d][\p{L}\d' -]{0,40}$/u.test(n) && !/\b(?:is|are|not|no)\b/i.test(n))
    )
      return {
        kind: 'all',
        checks: [
          { kind: 'screen', name: withNames[1]!, negated: false },
          ...names.map((text): Check => ({ kind: 'visible', target: { text }, negated: false })),
        ],
      };
  }
  const still = /^(?:the )?(.+?) still (has|lists|shows|contains|holds) (.+)$/i.exec(t);
  if (still) return read(`the ${still[1]} ${still[2]} ${still[3]}`);
  return null;
}
