import { describe, expect, it } from 'vitest';
import { node, screen } from './hand-built-screens.fixture';
import { assertionMoment, interpretAssertion, type TimelinePoint } from './index';

/**
 * "Appointments shows "2 upcoming"" after a step that visits several tabs: the claim is said of the place
 * the step went to, and judged on the screen that place showed.
 */

const tabs = ['Home', 'Appointments', 'Book', 'Profile'].map((t, i) => node('button', t, 60, { id: `tab-${i}` }));

/** A run's timeline: each part of a step with the text it was read as. */
const tour: TimelinePoint[] = [
  { step: 0, text: 'Enter sam@x.test and pw1 and tap Sign in' },
  { step: 1, text: 'Tap Appointments, Book, Profile, then Home' },
  { step: 1, text: 'Book, Profile, then Home' },
  { step: 1, text: 'Profile, then Home' },
  { step: 1, text: 'then Home' },
];

const at = (text: string, points: TimelinePoint[], from = 0) => {
  const r = assertionMoment(text, points, from);
  return r && 'moment' in r ? r.moment.at : r;
};

describe('a claim said of a place a step went to', () => {
  it('is placed where the step that named the place left the screen', () => {
    expect(at('Appointments shows "2 upcoming"', tour)).toBe(2);
    expect(at('Book shows "Book an appointment"', tour, 1)).toBe(3);
    expect(at('Profile now shows Sam Rivera', tour, 2)).toBe(4);
    // The last part names Home: the screen the steps end on.
    expect(at('Home shows "Good morning, Sam"', tour, 3)).toBe(5);
  });

  it('names no moment when no step names the place, or the step does not end on it', () => {
    // Near misses: read on the screen the steps end on, as before.
    expect(at('Prescriptions shows "Repeat prescriptions"', tour)).toBeNull();
    expect(at('Appointments shows "2 upcoming"', [{ step: 0, text: 'Open Appointments and tap Past' }])).toBeNull();
    expect(at('It shows "2 upcoming"', tour)).toBeNull();
  });

  it('is judged on that screen as written: the place must be the screen showing and hold the text', () => {
    const appointments = screen('Appointments', [...tabs, node('text', '2 upcoming', 120)]);
    const home = screen('Home', [...tabs, node('text', 'Good morning, Sam', 120)]);
    expect(interpretAssertion('Appointments shows "2 upcoming"', appointments)).toMatchObject({ passed: true });
    // Near misses: another count there, or the claim read on another screen, never pass.
    expect(interpretAssertion('Appointments shows "3 upcoming"', appointments)).toMatchObject({ passed: false });
    expect(interpretAssertion('Appointments shows "2 upcoming"', home)).not.toMatchObject({ passed: true });
  });
});

describe('"Home opens with …": what the place shows once opened', () => {
  const home = screen('Home', [...tabs, node('text', 'Good morning, Sam', 120)]);
  it('reads as "Home shows …"', () => {
    expect(interpretAssertion('Home opens with "Good morning, Sam"', home)).toMatchObject({ passed: true });
    // Near misses: another greeting, or another place showing.
    expect(interpretAssertion('Home opens with "Good evening, Sam"', home)).toMatchObject({ passed: false });
    const book = screen('Book', [...tabs, node('text', 'Good morning, Sam', 120)]);
    expect(interpretAssertion('Home opens with "Good morning, Sam"', book)).not.toMatchObject({ passed: true });
    // A thing of a kind that opens ("The Pepperoni dish") is no place: its texts are read on the screen showing.
    const dish = screen('Pepperoni', [node('text', 'Tomato, mozzarella', 120), node('text', '£11.00', 170)]);
    expect(interpretAssertion('The Pepperoni dish opens with "Tomato, mozzarella" and "£11.00"', dish)).toMatchObject({
      passed: true,
    });
    // A screen named as such keeps the screen forms' reading.
    const greeting = 'The Home screen opens with the greeting "Good morning, Sam"';
    expect(interpretAssertion(greeting, home)).toMatchObject({ passed: true });
  });
});
