import { type Rule, ok } from './intent';
import type { Intent } from './intent';
import { parseCount, unquote } from './step-text';

/**
 * A search said in one step: "Search for shoes" (the screen's search field, then Enter) or "Search London →
 * Paris, 14 Aug 2025, 2 passengers" (the form's values in order, its counters, then its search button).
 */

const typeValue = (value: string, target: Extract<Intent, { kind: 'type' }>['target']): Intent => ({
  kind: 'type',
  text: unquote(value),
  target,
});

/** "Search London → Paris, 14 Aug 2025, 2 passengers", "Search for shoes": the form's values, then its search button. */
export const search: Rule = (s) => {
  const m = /^search(?: for)?\s+(.+)$/i.exec(s);
  if (
    !m ||
    // "Search tab, type drama, tap Search": the tab, then steps of their own.
    /^(?:tab|screen|page|button|field|box|bar)\b/i.test(m[1]!) ||
    /(?:\s+and\s+|;\s*|,\s*then\s+|\s+then\s+)(?:open|tap|pick|choose|select|go|click|verify|check)\b/i.test(m[1]!) ||
    /,\s*(?:open|tap|pick|choose|select|go|click|verify|check|type|enter|press|clear)\s/i.test(m[1]!)
  )
    return null;
  // "Search tab, type wrap": the place named by its kind, never a search for the word "tab".
  if (/^(?:the\s+)?(?:tab|screen|page|field|box|bar|button|icon|input|results?)\b/i.test(m[1]!.trim())) return null;
  // "Search for flights from London to Paris on 14 Aug": the kind of thing searched is no value; the route is.
  const route = /^(?:(?:[Aa]n?|[Tt]he|[Ss]ome)\s+)?(?:[a-z]+\s+)?[Ff]rom\s+(.+?\s+to\s+.+)$/.exec(m[1]!);
  const parts = (route ? route[1]! : m[1]!)
    .split(/\s+(?:→|->|to)\s+|,\s*|\s+(?:on|for|with)\s+|\s+date\s+/i)
    .map((p) => unquote(p.replace(/^(?:date|on|for|with)\s+/i, '').trim()))
    .filter((p) => p !== '');
  const steps: Intent[] = [];
  const values: string[] = [];
  for (const p of parts) {
    const c = /^(\d+|one|two|three|four|five|six|seven|eight|nine|ten)\s+([a-z]+?)s?$/i.exec(p);
    if (c && parseCount(c[1]!) !== null)
      steps.push({ kind: 'counter', noun: c[2]!.toLowerCase(), count: parseCount(c[1]!)! });
    else values.push(p);
  }
  if (values.length === 0) return null;
  if (values.length === 1 && steps.length === 0)
    return ok({
      kind: 'sequence',
      steps: [
        typeValue(values[0]!, { text: '', role: 'field', anyOf: ['Search', 'Search field', 'Find', 'Query'] }),
        { kind: 'key', key: 'ENTER' },
      ],
    });
  return ok({
    kind: 'sequence',
    steps: [
      { kind: 'fill', values, within: null },
      ...steps,
      { kind: 'tap', target: { text: 'search', role: 'button', last: true } },
    ],
  });
};

/** Forms read before the clauses are split: the ones whose "and" belongs to them. */
