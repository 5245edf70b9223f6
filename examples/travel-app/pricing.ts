import type { Action, Condition } from '../../src/virtual/app-model';
import { FARES, MAX_PASSENGERS, ROUTES, money, quote, type FareKey } from './catalog';
import { all, choose, each, is, set } from './parts';

/**
 * The app model has no arithmetic, so prices are worked out here, when the model is generated:
 * choosing a fare sets every amount the booking can need (for the chosen flight and passenger
 * count, with each combination of extras), and switching extras picks the matching pair.
 */

/** Sets the amounts of one fare for the flight in `f_code` and the passenger count in `pax`. */
export function priceFare(fare: FareKey): Action[] {
  return each(
    ROUTES.flatMap((route) =>
      route.flights.map((f): [Condition, Action[]] => [
        is('f_code', f.id),
        each(
          Array.from({ length: MAX_PASSENGERS }, (_, i) => i + 1).map((pax): [Condition, Action[]] => {
            const q = quote(route, f, fare, pax);
            return [
              is('pax', pax),
              [
                set({
                  fare_price: money(f[fare] * 100),
                  base_total: money(q.base),
                  taxes_total: money(q.taxes),
                  extras_none: money(q.extras.none),
                  extras_insurance: money(q.extras.insurance),
                  extras_bag: money(q.extras.bag),
                  extras_both: money(q.extras.both),
                  total_none: money(q.total.none),
                  total_insurance: money(q.total.insurance),
                  total_bag: money(q.total.bag),
                  total_both: money(q.total.both),
                }),
              ],
            ];
          }),
        ),
      ]),
    ),
  );
}

/** Picks the extras amount and the total that match the Travel insurance and Extra bag switches. */
export function applyExtras(): Action[] {
  const pick = (key: 'none' | 'insurance' | 'bag' | 'both', label: string): Action[] => [
    set({ extras_total: `{{extras_${key}}}`, total: `{{total_${key}}}`, extras_label: label }),
  ];
  return choose(
    [
      [all(is('insurance', true), is('extra_bag', true)), pick('both', 'Travel insurance, extra bag')],
      [is('insurance', true), pick('insurance', 'Travel insurance')],
      [is('extra_bag', true), pick('bag', 'Extra bag')],
    ],
    pick('none', 'none'),
  );
}

export function fareName(fare: FareKey): string {
  return FARES.find((f) => f.key === fare)!.name;
}
