import type { Action, Element, Screen } from '../../src/virtual/app-model';
import { all, go, input, is, set, text } from '../model-parts';
import { DAYS, FILMS, GENRES, SEATS, type Film, type Showtime } from './data';
import { chip, tabBar } from './parts';
import { runSearch } from './search';

/** Now showing with its genre chips, and a film with its days and showtimes. */

export const filmLine = (f: Film) => `★ ${f.rating} · ${f.runtime} · ${f.cert}`;

/** Opens film `f` on today's showtimes. */
export const openFilm = (f: Film): Action[] => [
  set({
    film: f.id,
    film_title: f.title,
    film_line: `${f.genre} · ${filmLine(f)}`,
    film_synopsis: f.synopsis,
    film_cast: f.cast,
    film_cert: f.cert,
    day: 'fri',
  }),
  go('film'),
];

const home: Screen = {
  title: 'Now showing',
  elements: [
    text('cinema-name', 'Reelhouse Camden', 'caption'),
    input('home-search', 'query', 'Search', { placeholder: 'Films or genres', submit: [...runSearch, go('search')] }),
    ...GENRES.map((g) => chip(`genre-${g.toLowerCase()}`, g, [set({ genre: g })])),
    text('genre-selected', 'Showing: {{genre}}', 'caption'),
    ...GENRES.map(
      (g): Element => ({
        type: 'list',
        id: 'film-list',
        visibleIf: is('genre', g),
        items: FILMS.filter((f) => g === 'All' || f.genre === g).map((f) => ({
          id: `film-${f.id}`,
          title: f.title,
          subtitle: `${f.genre} · ${filmLine(f)}`,
          action: openFilm(f),
        })),
      }),
    ),
    ...tabBar(),
  ],
};

/** Chooses showtime `s` of `f`: an empty seat map for it. */
const pickShow = (s: Showtime): Action[] => {
  const day = DAYS.find((d) => d.id === s.day)!;
  return [
    set({
      show_time: s.time,
      show_date: day.date,
      show_screen: `Screen ${s.screen}`,
      show_when: `${day.date} · ${s.time}`,
      n_seats: 0,
      seat_list: '',
      seat_error: '',
      ...Object.fromEntries(SEATS.map((x) => [`st_${x}`, false])),
    }),
    go('seats'),
  ];
};

const showButton = (f: Film, s: Showtime): Element => ({
  type: 'button',
  id: `show-${s.day}-${s.time.replace(':', '')}`,
  label: s.soldOut ? `${s.time} · Sold out` : `${s.time} · Screen ${s.screen}`,
  style: 'secondary',
  visibleIf: all(is('film', f.id), is('day', s.day)),
  ...(s.soldOut ? { enabledIf: is('film', 'sold-out') } : {}),
  action: s.soldOut ? [] : pickShow(s),
});

const film: Screen = {
  title: '{{film_title}}',
  elements: [
    text('film-title', '{{film_title}}', 'title'),
    text('film-line', '{{film_line}}', 'caption'),
    text('film-synopsis', '{{film_synopsis}}', 'body'),
    text('film-cast', 'Starring {{film_cast}}', 'caption'),
    text('showtimes-heading', 'Showtimes', 'headline'),
    ...DAYS.map((d) => chip(`day-${d.id}`, d.label, [set({ day: d.id })])),
    ...DAYS.map((d) => ({ ...text('day-selected', d.date, 'caption'), visibleIf: is('day', d.id) })),
    ...FILMS.flatMap((f) => f.shows.map((s) => showButton(f, s))),
    text('showtimes-note', 'Prices from £8.50. Members earn 50 points per booking.', 'caption'),
  ],
};

export const filmScreens: Record<string, Screen> = { home, film };
