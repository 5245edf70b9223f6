/**
 * Wayfarer, a travel booking app, as a simdeck app model. `simdeck-app.json` beside this file is
 * generated from these sources (prices need arithmetic, which the model does not have):
 *   npx tsx examples/travel-app/model.ts
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { AppModel, Scalar } from '../../src/virtual/app-model';
import { BAG_CENTS, INSURANCE_CENTS, money } from './catalog';
import { accountScreens } from './screens-account';
import { bookingScreens } from './screens-booking';
import { searchScreens } from './screens-search';
import { tripScreens } from './screens-trips';

export const TRAVEL_MODEL_PATH = path.join(path.dirname(fileURLToPath(import.meta.url)), 'simdeck-app.json');

/** Initial values: a signed-out app whose account holds one upcoming trip. */
const state: Record<string, Scalar> = {
  signed_in: false,
  email: '',
  password: '',
  signin_error: '',
  profile_first: 'Alex',
  profile_last: 'Morgan',
  profile_email: 'alex@wayfarer.test',
  profile_phone: '+44 7700 900123',
  profile_notice: '',
  from: '',
  to: '',
  date: '',
  pax: 1,
  pax_label: '1 passenger',
  search_error: '',
  recent: '',
  route: '',
  sort: 'price',
  insurance: false,
  extra_bag: false,
  accept_rules: false,
  extras_total: money(0),
  insurance_price: money(INSURANCE_CENTS),
  bag_price: money(BAG_CENTS),
  passengers_error: '',
  trips_view: 'upcoming',
  trips_notice: '',
  b1_route: 'London → Edinburgh',
  b1_date: '12 Sep 2025',
  b1_flight: 'NW 62',
  b1_times: '08:05 – 09:30',
  b1_fare: 'Classic',
  b1_pax: '1 passenger',
  b1_total: '118.60',
  b1_ref: 'WF2T6H',
  push: true,
  price_alerts: false,
  email_offers: false,
  biometric: false,
  settings_notice: '',
};

export function travelModel(): AppModel {
  return {
    name: 'Wayfarer',
    color: '#0a7ea4',
    state,
    initialScreen: 'signin',
    launchRules: [{ if: { var: 'signed_in', equals: true }, screen: 'home' }],
    screens: { ...accountScreens, ...searchScreens, ...bookingScreens, ...tripScreens },
  };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  fs.writeFileSync(TRAVEL_MODEL_PATH, `${JSON.stringify(travelModel(), null, 2)}\n`);
  console.log(`written ${TRAVEL_MODEL_PATH}`);
}
