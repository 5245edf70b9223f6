import type { Check } from './intent';

/**
 * What an assertion says after its quoted texts are shown, joined by "and", "with" or a comma: `"17:40 · Screen 1" is
 * shown and tappable`, `"Choose a rating" is shown and we stay on Rate order`, `"Welcome back" is shown, with a
 * Settings button`. Each such claim is read and judged with the texts; one that cannot be read leaves the whole
 * assertion unread (null), never judged by its quoted texts alone: that would pass whatever the rest says.
 * `undefined` when there is no such tail (`"Saved" is shown at the top` is a place, read as before).
 */
export function quotedTail(
  s: string,
  quoted: string[],
  parse: (part: string) => Check | null,
): Check[] | null | undefined {
  const last = s.lastIndexOf('"');
  if (last < 0 || quoted.length === 0) return undefined;
  const after = s
    .slice(last + 1)
    .replace(
      /^\s*(?:(?:is|are) (?:still |now |also )?(?:shown|displayed|visible|listed|present|offered|available)|appears?|shows up)\b/i,
      '',
    );
  const tail = /^\s*(?:,\s*(?:and |with |plus )?|(?:and|with|plus|but) )(.+)$/i.exec(after)?.[1]?.trim();
  if (!tail) return undefined;
  const text = quoted.at(-1)!;
  const state =
    /^(?:is |it is |it's )?(?:still )?(tappable|clickable|enabled|active|selectable|disabled|greyed out|grayed out|not tappable|inactive)$/i.exec(
      tail,
    );
  if (state)
    return [
      {
        kind: 'state',
        target: { text },
        state: /^(?:disabled|greyed out|grayed out|not tappable|inactive)$/i.test(state[1]!) ? 'disabled' : 'enabled',
      },
    ];
  // "… and we stay on Rate order", "… and the user is still on the Sign in screen".
  const stay =
    /^(?:we|i|you|the user|it|the app) (?:stay|stays|remain|remains|(?:am|are|is)(?: still)?) on (?:the )?(.+?)(?: screen| page)?$/i.exec(
      tail,
    );
  if (stay) return [{ kind: 'screen', name: stay[1]!, negated: false }];
  // "…, with a Settings button", "… and a Retry button".
  const control = /^(?:a|an|the) (\p{Lu}[\p{L}\d' -]{0,40}?) (button|link|tab)$/u.exec(tail);
  if (control)
    return [
      {
        kind: 'visible',
        target: { text: control[1]!, role: control[2]!.toLowerCase() as 'button' | 'link' | 'tab' },
        negated: false,
      },
    ];
  // Any other claim the check grammar reads: "… and Lisinopril 10 mg listed first", "… and an empty Phone field",
  // "… with Upcoming and Past buttons".
  const claim = parse(
    tail
      .replace(/^(.+?) (listed|shown) (first|last|second|third)$/i, '$1 is $2 $3')
      .replace(/^an? empty (.+? (?:field|input|box))$/i, 'the $1 is empty'),
  );
  return claim ? [claim] : null;
}
