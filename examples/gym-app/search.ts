import type { Action, Condition, Element } from '../../src/virtual/app-model';
import { any, each, is, set } from '../model-parts';
import { CLUBS, type Club } from './data';

/**
 * The club finder: a club by its name (with or without "Pulsefit"), a whole word of it, its area,
 * its postcode or the postcode's first half, "pool" or "sauna", or "London" and "Pulsefit" for
 * every club, in any letter case a person types (all lower case, all capitals, or capitalised).
 */

const words = (s: string) =>
  s
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((w) => w.length >= 3 && w !== 'and');

/** Every term the finder knows, lower case, with the clubs it finds (nearest first). */
export function clubTerms(): Map<string, Club[]> {
  const terms = new Map<string, Club[]>();
  for (const c of CLUBS) {
    const own = [
      `pulsefit ${c.name.toLowerCase()}`,
      c.name.toLowerCase(),
      ...words(c.name),
      c.area.toLowerCase(),
      ...words(c.area),
      c.postcode.toLowerCase(),
      c.postcode.split(' ')[0]!.toLowerCase(),
      ...(c.pool ? ['pool'] : []),
      ...(c.sauna ? ['sauna'] : []),
      'london',
      'pulsefit',
    ];
    for (const t of own) {
      const list = terms.get(t) ?? [];
      if (!list.includes(c)) list.push(c);
      terms.set(t, list);
    }
  }
  return terms;
}

const capitalise = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
const titleCase = (s: string) => s.split(' ').map(capitalise).join(' ');

/** The ways a term may be typed. */
const spellings = (term: string): Condition =>
  any(...[...new Set([term, term.toUpperCase(), capitalise(term), titleCase(term)])].map((s) => is('query', s)));

const termKey = (i: number) => `t${i + 1}`;

/** Reads `query` into `results`: the key of the term it names, "none", or "" for an empty query. */
export const runSearch: Action[] = [
  set({ results: 'none' }),
  ...each([...clubTerms().keys()].map((term, i) => [spellings(term), [set({ results: termKey(i) })]])),
  { if: is('query', ''), then: [set({ results: '' })] },
];

/** The result lists, one per term; `open` says what tapping a club does. */
export function resultLists(open: (c: Club) => Action[]): Element[] {
  return [...clubTerms().values()].flatMap((clubs, i): Element[] => [
    {
      type: 'text',
      id: 'results-count',
      text: clubs.length === 1 ? '1 club' : `${clubs.length} clubs`,
      style: 'caption',
      visibleIf: is('results', termKey(i)),
    },
    {
      type: 'list',
      id: 'results-list',
      visibleIf: is('results', termKey(i)),
      items: clubs.map((c) => ({
        id: `result-${c.id}`,
        title: `Pulsefit ${c.name}`,
        subtitle: `${c.miles} · ${c.area} · ${c.closes}`,
        action: open(c),
      })),
    },
  ]);
}
