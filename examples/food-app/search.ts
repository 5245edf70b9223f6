import type { Action, Condition, Element, Screen } from '../../src/virtual/app-model';
import { any, each, input, is, set, text, button } from '../model-parts';
import { OPEN, RESTAURANTS, money, type Dish, type Restaurant } from './data';
import { tabBar } from './parts';

/**
 * Search: a dish, a restaurant or a cuisine, by a whole word of its name or the whole name, in any
 * letter case a person types it in (all lower case, all capitals, or capitalised).
 */

interface Hit {
  rest: Restaurant;
  dish?: Dish;
}

const words = (name: string) =>
  name
    .toLowerCase()
    .split(/[^a-z0-9']+/)
    .filter((w) => w.length >= 3);

/** Every term the search knows, lower case, with what it finds: restaurants first, then dishes. */
export function searchTerms(): Map<string, Hit[]> {
  const terms = new Map<string, Hit[]>();
  const add = (term: string, hit: Hit) => {
    const list = terms.get(term) ?? [];
    if (!list.some((h) => h.rest === hit.rest && h.dish === hit.dish)) list.push(hit);
    terms.set(term, list);
  };
  for (const r of RESTAURANTS)
    for (const t of [r.name.toLowerCase(), r.cuisine.toLowerCase(), ...words(r.name)]) add(t, { rest: r });
  for (const r of OPEN)
    for (const d of r.dishes) for (const t of [d.name.toLowerCase(), ...words(d.name)]) add(t, { rest: r, dish: d });
  for (const list of terms.values()) list.sort((a, b) => (a.dish ? 1 : 0) - (b.dish ? 1 : 0));
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
  set({ results: 'none', search_msg: '' }),
  ...each([...searchTerms().keys()].map((term, i) => [spellings(term), [set({ results: termKey(i) })]])),
  { if: is('query', ''), then: [set({ results: '' })] },
];

const hitRow = (h: Hit) =>
  h.dish
    ? {
        id: `result-${h.dish.id}`,
        title: h.dish.name,
        subtitle: `${money(h.dish.price)} · ${h.rest.name}`,
      }
    : {
        id: `result-${h.rest.id}`,
        title: h.rest.name,
        subtitle: h.rest.opens
          ? `${h.rest.cuisine} · Closed · opens ${h.rest.opens}`
          : `${h.rest.cuisine} · ★ ${h.rest.rating} · ${h.rest.eta}`,
      };

/** The result lists, one per term; `open` says what tapping a row does. */
export function resultLists(open: (h: Hit) => Action[]): Element[] {
  return [...searchTerms().values()].flatMap((hits, i): Element[] => [
    {
      type: 'text',
      id: 'results-count',
      text: hits.length === 1 ? '1 result' : `${hits.length} results`,
      style: 'caption',
      visibleIf: is('results', termKey(i)),
    },
    {
      type: 'list',
      id: 'results-list',
      visibleIf: is('results', termKey(i)),
      items: hits.map((h) => ({ ...hitRow(h), action: open(h) })),
    },
  ]);
}

export function searchScreen(open: (h: Hit) => Action[]): Screen {
  return {
    title: 'Search',
    elements: [
      input('search-field', 'query', 'Search', { placeholder: 'Dishes or restaurants', submit: runSearch }),
      button('search-go', 'Search', runSearch, 'primary'),
      {
        ...text('search-hint', 'Try a dish, a restaurant or a cuisine, such as “pizza”.', 'caption'),
        visibleIf: is('results', ''),
      },
      ...resultLists(open),
      { ...text('no-results', 'No results for “{{query}}”', 'headline'), visibleIf: is('results', 'none') },
      {
        ...text('no-results-hint', 'Check the spelling or try another dish.', 'caption'),
        visibleIf: is('results', 'none'),
      },
      ...tabBar(),
    ],
  };
}
