import { describe, expect, it } from 'vitest';
import { judgeAssertionInRun, type RunTimeline } from './assertion-judge';
import type { Observation } from './interpreter';
import { node, screen } from './interpreter/hand-built-screens.fixture';
import { openedByClaim } from './interpreter/opened-by';
import { untouchable } from './run-timeline.fixture';

/**
 * Claims of a screen the steps went on past, said without a moment ("Confirmation shows "Order FK-20418"" after
 * "Tap Back to home"), and claims of the screen a control the last step used leads to ("Back to home opens Home").
 */

/** A label at the left of a row and its value at the right. */
const row = (label: string, value: string, y: number) => [
  node('text', label, y, { bounds: { x: 16, y, width: 200, height: 40 } }),
  node('text', value, y, { bounds: { x: 250, y, width: 120, height: 40 } }),
];

const home = (basket: string | null) =>
  screen('Home', [node('text', 'Restaurants near you', 80), ...(basket ? [node('button', basket, 700)] : [])]);
const placed = (number: string, total: string) =>
  screen('Order placed', [
    node('text', `Order ${number}`, 80),
    node('text', 'Arriving in 25–35 min', 120),
    ...row('Total paid', total, 160),
    node('button', 'Back to home', 600),
  ]);
const tracking = (status: string) => screen('Order FK-20418', row('Status', status, 80));

const run = (points: Array<[string, Observation | null]>): RunTimeline => ({
  points: points.map(([text, s], step) => ({ step, text, screen: s })),
});

async function verdict(text: string, timeline: RunTimeline, now: Observation, from = 0): Promise<string> {
  const { resolution: r } = await judgeAssertionInRun(
    untouchable,
    text,
    now,
    timeline,
    { from, at: null },
    new AbortController().signal,
  );
  return r.settled ? (r.passed ? 'pass' : 'fail') : 'not settled';
}

const CONFIRMATION = 'Confirmation shows "Order FK-20418", "Arriving in 25–35 min" and Total paid £21.98';

describe('a claim of a screen the steps went on past', () => {
  it('is judged on the last screen of the run that held what it reads', async () => {
    const timeline = run([
      ['Place order', home('View basket · 2 items')],
      ['Tap Back to home', placed('FK-20418', '£21.98')],
    ]);
    expect(await verdict(CONFIRMATION, timeline, home(null))).toBe('pass');
  });

  it('near miss: that screen showed another total, or no screen held it', async () => {
    const wrong = run([
      ['Place order', home('View basket · 2 items')],
      ['Tap Back to home', placed('FK-20418', '£19.00')],
    ]);
    expect(await verdict(CONFIRMATION, wrong, home(null))).toBe('fail');
    const never = run([
      ['Place order', home('View basket · 2 items')],
      ['Tap Back to home', home(null)],
    ]);
    expect(await verdict(CONFIRMATION, never, home(null))).toBe('not settled');
  });

  it('takes the last screen that held the label: a status that never changed fails', async () => {
    const changed = run([
      ['Track order', tracking('Preparing')],
      ['Go back', tracking('Cancelled')],
    ]);
    expect(await verdict('Status becomes "Cancelled"', changed, home(null))).toBe('pass');
    const stuck = run([
      ['Track order', tracking('Preparing')],
      ['Go back', tracking('Preparing')],
    ]);
    expect(await verdict('Status becomes "Cancelled"', stuck, home(null))).toBe('fail');
  });

  it('is never looked for on a screen of the same title as the one the steps end on', async () => {
    // The screen lost what it showed: that is the screen's failure now, not a moment before.
    const timeline = run([['Refresh', tracking('Cancelled')]]);
    const now = screen('Order FK-20418', [node('text', 'Delivery', 80)]);
    expect(await verdict('Status becomes "Cancelled"', timeline, now)).not.toBe('pass');
  });

  it('words of the end, of absence or of several moments keep a claim on the screen the steps end on', async () => {
    const timeline = run([
      ['Track order', tracking('Cancelled')],
      ['Go back', home(null)],
    ]);
    for (const claim of [
      'Status still shows "Cancelled"',
      'Status is now "Cancelled"',
      'Status never shows "Cancelled"',
      'Each time the status shows "Cancelled"',
    ])
      expect(await verdict(claim, timeline, home(null)), claim).not.toBe('pass');
  });

  it('is not looked for before the moment the assertions before it spoke of', async () => {
    const timeline = run([
      ['Track order', tracking('Cancelled')],
      ['Go back', home(null)],
      ['Open Orders', home(null)],
    ]);
    expect(await verdict('Status becomes "Cancelled"', timeline, home(null), 1)).not.toBe('pass');
  });
});

describe('the screen a control the last step used opens', () => {
  it('reads as the screen named, with what is said of it', () => {
    expect(openedByClaim('Back to home opens Home', 'Tap Back to home')).toBe('The Home screen opens');
    expect(openedByClaim('Reorder opens the Green Bowl menu with "Minimum order £10.00"', 'tap Reorder')).toBe(
      'The Green Bowl menu screen opens with "Minimum order £10.00"',
    );
    expect(openedByClaim('Tapping Find showtimes returns to Now showing', 'Tap Find showtimes')).toBe(
      'The Now showing screen opens',
    );
    expect(
      openedByClaim(
        'Browse restaurants opens Home, and there is no View basket button there',
        'Tap Browse restaurants',
      ),
    ).toBe('The Home screen opens, and there is no View basket button there');
  });

  it('near miss: a control the last step never used, a pronoun, a claim that nothing opens', () => {
    expect(openedByClaim('Tapping Go to checkout opens Checkout', 'Tap + on Margherita')).toBeNull();
    expect(openedByClaim("Tapping it opens the Luigi's Pizzeria menu", 'Tap it')).toBeNull();
    expect(openedByClaim('Request refill opens no dialog', 'Tap Request refill')).toBeNull();
    expect(openedByClaim('First back returns to Choose a doctor', 'Tap back again')).toBeNull();
    expect(openedByClaim('Home shows "Good evening"', 'Tap Home')).toBeNull();
    expect(openedByClaim('C4 goes back to normal', 'Tap C4 again')).toBeNull();
  });

  it('is judged on the screen the steps end on', async () => {
    const timeline = run([['Tap Back to home', placed('FK-20418', '£21.98')]]);
    expect(await verdict('Back to home opens Home', timeline, home(null))).toBe('pass');
    expect(await verdict('Back to home opens Home', timeline, placed('FK-20418', '£21.98'))).toBe('fail');
  });

  it('a screen named with a word for its kind ("the Green Bowl menu") is the screen so titled', async () => {
    const timeline = run([['Tap Reorder', placed('FK-20418', '£21.98')]]);
    const menu = (name: string) => screen(name, [node('text', 'Minimum order £10.00', 80)]);
    const claim = 'Reorder opens the Green Bowl menu with "Minimum order £10.00"';
    expect(await verdict(claim, timeline, menu('Green Bowl'))).toBe('pass');
    expect(await verdict(claim, timeline, menu("Luigi's Pizzeria"))).toBe('fail');
  });

  it('hostile: a long claim and a long step read to an answer at once', () => {
    const long = `${'a '.repeat(5_000)}opens ${'b '.repeat(5_000)}`;
    expect(openedByClaim(long, 'x '.repeat(10_000))).toBeNull();
  });
});

describe('hostile claims and screens', () => {
  it('claims at the 2,000-character limit, on a long run of crowded screens, are judged to an answer without the device', async () => {
    // A device's tree is outside input too: hundreds of labels with " · " heads, on every point of a long run.
    const crowded = (title: string) =>
      screen(
        title,
        Array.from({ length: 400 }, (_, i) => node('button', `View basket · ${i} items · £${i}.00`, 60 + i * 2)),
      );
    const timeline = run(Array.from({ length: 60 }, (_, i) => [`Tap View basket ${i}`, crowded(`Screen ${i}`)]));
    const claims = [
      `${' '.repeat(1_990)}buttons`,
      `${'and no '.repeat(285)}"x"`,
      `${'"'.repeat(1_999)}`,
      `Status becomes ${'"Cancelled" '.repeat(160)}`,
      `${'Back to home '.repeat(150)}opens Home`,
      `Count goes from ${'1 '.repeat(990)}to 2`,
      `There is no ${'View basket '.repeat(160)}button there`,
    ];
    for (const claim of claims) {
      expect(claim.length).toBeLessThanOrEqual(2_000);
      expect(['pass', 'fail', 'not settled']).toContain(await verdict(claim, timeline, crowded('Home')));
    }
  });
});
