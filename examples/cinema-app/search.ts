import type { Action, Condition, Element, Screen } from '../../src/virtual/app-model';
import { any, button, each, input, is, set, text } from '../model-parts';
import { FILMS, type Film } from './data';
import { tabBar } from './parts';

/**
 * Search: a film by its whole title or a whole word of it (of three letters or more), or a genre, in
 * any letter case a person types it in (all lower case, all capitals, or capitalised).
 */

const words = (name: string) =>
  name
    .toLowerCase()
    .split(/[^a-z0-9'-]+/)
    .filter((w) => w.length >= 3 && w !== 'the' && w !== 'and' && w !== 'from');

/** Every term the search knows, lower case, with the films it finds (in Now showing order). */
export function searchTerms(): Map<string, Film[]> {
  const terms = new Map<string, Film[]>();
  for (const f of FILMS)
    for (const t of [f.title.toLowerCase(), f.genre.toLowerCase(), ...words(f.title)]) {
      const list = terms.get(t) ?? [];
      if (!list.includes(f)) list.push(f);
      terms.set(t, list);
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
  ...each([...searchTerms().keys()].map((term, i) => [spellings(term), [set({ results: termKey(i) })]])),
  { if: is('query', ''), then: [set({ results: '' })] },
];

/** The result lists, one per term; `open` says what tapping a film does. */
function resultLists(open: (f: Film) => Action[]): Element[] {
  return [...searchTerms().values()].flatMap((films, i): Element[] => [
    {
      type: 'text',
      id: 'results-count',
      text: films.length === 1 ? '1 film' : `${films.length} films`,
      style: 'caption',
      visibleIf: is('results', termKey(i)),
    },
    {
      type: 'list',
      id: 'results-list',
      visibleIf: is('results', termKey(i)),
      items: films.map((f) => ({
        id: `result-${f.id}`,
        title: f.title,
        subtitle: `${f.genre} · ${f.cert} · ${f.runtime}`,
        action: open(f),
      })),
    },
  ]);
}

export function searchScreen(open: (f: Film) => Action[]): Screen {
  return {
    title: 'Search',
    elements: [
      input('search-field', 'query', 'Search', { placeholder: 'Films or genres', submit: runSearch }),
      button('search-go', 'Search', runSearch, 'primary'),
      {
        ...text('search-hint', 'Search by film title or genre, such as “comedy”.', 'caption'),
        visibleIf: is('results', ''),
      },
      ...resultLists(open),
      { ...text('no-results', 'No films match “{{query}}”', 'headline'), visibleIf: is('results', 'none') },
      {
        ...text('no-results-hint', 'Check the spelling or browse Now showing.', 'caption'),
        visibleIf: is('results', 'none'),
      },
      ...tabBar(),
    ],
  };
}
