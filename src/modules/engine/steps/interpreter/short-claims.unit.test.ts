import { describe, expect, it } from 'vitest';
import { interpretAssertion } from './index';
import { labelled, node, screen } from './hand-built-screens.fixture';

/**
 * Short claims without the verb the check forms expect: a control by its kind (`Find showtimes button`, `Cancel
 * booking button gone`), a message under a field (`Error "…" under Email`), the session (`Not signed in`), and a
 * list holding only the rows named (`Only A and B are listed`). Each has a near miss.
 */

const verdict = (r: { settled: boolean; passed?: boolean }) => (r.settled ? r.passed : 'not settled');

const films = (titles: string[]) =>
  screen('Now showing', [
    node('list', null, 100, {
      bounds: { x: 0, y: 100, width: 393, height: 60 * titles.length },
      children: titles.map((t, i) => node('list_item', t, 100 + i * 60, { id: `film-${i}` })),
    }),
    node('button', 'Find showtimes', 600, { id: 'find' }),
  ]);

describe('a control by its kind', () => {
  it('`Find showtimes button` passes when that button shows; another name fails', () => {
    expect(verdict(interpretAssertion('Find showtimes button', films(['Paper Moons'])))).toBe(true);
    expect(verdict(interpretAssertion('Cancel booking button', films(['Paper Moons'])))).toBe(false);
  });
  it('`Cancel booking button gone` passes when none shows; near miss: the button still there fails', () => {
    expect(verdict(interpretAssertion('Cancel booking button gone', films(['Paper Moons'])))).toBe(true);
    expect(verdict(interpretAssertion('Find showtimes button gone', films(['Paper Moons'])))).toBe(false);
  });
});

describe('a message under a field', () => {
  const form = (message: string) =>
    screen('Sign in', [
      node('text', 'Email', 100),
      node('input', '', 140, { id: 'email' }),
      node('text', message, 185),
      node('text', 'Password', 230),
      node('input', '', 270, { id: 'password', secure: true } as never),
    ]);
  it('`Error "Enter your email address" under Email` passes when that message is just below the field', () => {
    expect(
      verdict(interpretAssertion('Error "Enter your email address" under Email', form('Enter your email address'))),
    ).toBe(true);
  });
  it('near miss: another message there fails', () => {
    expect(
      verdict(interpretAssertion('Error "Enter your email address" under Email', form('Enter your password'))),
    ).toBe(false);
  });
});

describe('the session', () => {
  const signIn = screen('Sign in', [node('input', '', 140, { id: 'email' }), node('button', 'Sign in', 300)]);
  it('`Not signed in` passes on the sign-in form; `Still signed in` fails there', () => {
    expect(verdict(interpretAssertion('Not signed in', signIn))).toBe(true);
    expect(verdict(interpretAssertion('Still signed in', signIn))).toBe(false);
  });
});

describe('only the rows named', () => {
  it('`Only Northern Lights and The Quiet Harbour are listed`: exactly those two rows', () => {
    const two = films(['Northern Lights', 'The Quiet Harbour']);
    expect(verdict(interpretAssertion('Only Northern Lights and The Quiet Harbour are listed', two))).toBe(true);
  });
  it('near miss: a third row fails, and so does another row in place of one', () => {
    const three = films(['Northern Lights', 'The Quiet Harbour', 'Paper Moons']);
    expect(verdict(interpretAssertion('Only Northern Lights and The Quiet Harbour are listed', three))).toBe(false);
    const other = films(['Northern Lights', 'Paper Moons']);
    expect(verdict(interpretAssertion('Only Northern Lights and The Quiet Harbour are listed', other))).toBe(false);
  });
  it('"and" before a lower-case word stays in the name: `List shows just Pip and the Giant Kite`', () => {
    const one = films(['Pip and the Giant Kite']);
    expect(verdict(interpretAssertion('List shows just Pip and the Giant Kite', one))).toBe(true);
    expect(verdict(interpretAssertion('Only Pip and the Giant Kite is listed', films(['Pip', 'Kite'])))).toBe(false);
  });
});

describe('a screen with its texts, a tab bar with its tabs, segments', () => {
  const signIn = screen('Sign in', [node('text', 'Reelhouse', 80), node('text', 'Book seats in seconds.', 120)]);
  it('`Sign in screen is shown with "Reelhouse" and "Book seats in seconds."`: that screen and each text', () => {
    const claim = 'Sign in screen is shown with "Reelhouse" and "Book seats in seconds."';
    expect(verdict(interpretAssertion(claim, signIn))).toBe(true);
  });
  it('near miss: another text, or another screen, fails', () => {
    expect(verdict(interpretAssertion('Sign in screen is shown with "Reelhouse" and "Sign up"', signIn))).toBe(false);
    expect(verdict(interpretAssertion('Account screen is shown with "Reelhouse"', signIn))).toBe(false);
  });
  const tabs = screen('Now showing', [
    node('text', 'Films on today', 100),
    node('button', 'Films', 800, { id: 'tab-films', bounds: { x: 0, y: 800, width: 98, height: 50 } }),
    node('button', 'Search', 800, { id: 'tab-search', bounds: { x: 98, y: 800, width: 98, height: 50 } }),
    node('button', 'Account', 800, { id: 'tab-account', bounds: { x: 196, y: 800, width: 98, height: 50 } }),
  ]);
  it('`Tab bar with Films, Search and Account at the bottom`: a tab of each name', () => {
    expect(verdict(interpretAssertion('Tab bar with Films, Search and Account at the bottom', tabs))).toBe(true);
  });
  it('near miss: a tab the bar lacks fails', () => {
    expect(verdict(interpretAssertion('Tab bar with Films, Search and My tickets', tabs))).toBe(false);
  });
  it('`The tab bar shows Films, Search and Account`: the same with a verb', () => {
    expect(verdict(interpretAssertion('The tab bar shows Films, Search and Account', tabs))).toBe(true);
    expect(verdict(interpretAssertion('The bottom navigation has the tabs Films, Search and Account', tabs))).toBe(
      true,
    );
    expect(verdict(interpretAssertion('The tab bar shows Films, Search and My tickets', tabs))).toBe(false);
  });
  it('`Segments Upcoming and Past` (no verb): each is shown; a missing one fails', () => {
    const seg = screen('My tickets', [node('button', 'Upcoming', 100), node('button', 'Past', 160)]);
    expect(verdict(interpretAssertion('Segments Upcoming and Past', seg))).toBe(true);
    expect(verdict(interpretAssertion('Segments Upcoming and Later', seg))).toBe(false);
  });
});

describe('a text at the bottom of a screen without a list', () => {
  const signIn = (foot: string) =>
    screen('Sign in', [
      node('input', '', 140, { id: 'email' }),
      node('button', 'Sign in', 300),
      node('text', foot, 400),
      node('button', 'Films', 780, { id: 'tab-films' }),
    ]);
  it('`"New to Reelhouse?" is shown at the bottom`: the lowest text but the tab bar', () => {
    expect(verdict(interpretAssertion('"New to Reelhouse?" is shown at the bottom', signIn('New to Reelhouse?')))).toBe(
      true,
    );
  });
  it('near miss: a text below it, or no such text, fails', () => {
    const below = screen('Sign in', [node('text', 'New to Reelhouse?', 300), node('text', 'Terms apply', 400)]);
    expect(verdict(interpretAssertion('"New to Reelhouse?" is shown at the bottom', below))).toBe(false);
    expect(verdict(interpretAssertion('"Join today" is shown at the bottom', signIn('New to Reelhouse?')))).toBe(false);
  });
});

describe('the only row, with its second line', () => {
  const one = (line: string) =>
    screen('Now showing', [
      node('list', null, 100, {
        bounds: { x: 0, y: 100, width: 393, height: 60 },
        children: [node('list_item', 'Pip and the Giant Kite', 100, { children: [node('text', line, 125)] })],
      }),
    ]);
  it('`List shows just Pip and the Giant Kite (Family · U)`: that one row and its line', () => {
    expect(verdict(interpretAssertion('List shows just Pip and the Giant Kite (Family · U)', one('Family · U')))).toBe(
      true,
    );
  });
  it('near miss: another second line fails', () => {
    expect(verdict(interpretAssertion('List shows just Pip and the Giant Kite (Family · U)', one('Drama · 15')))).toBe(
      false,
    );
  });
});

describe('a message under a place that is no field', () => {
  it('near miss: `The message "…" is displayed under the form` is not read as a field\'s message', () => {
    const form = screen('Search', [
      node('input', '', 140, { id: 'from' }),
      node('text', 'Enter where you are flying from', 400),
    ]);
    expect(
      verdict(interpretAssertion('The message "Enter where you are flying from" is displayed under the form', form)),
    ).toBe(true);
    // "under the fields": all of them, no one field's message.
    expect(verdict(interpretAssertion('"Enter where you are flying from" is shown under the fields', form))).toBe(true);
  });
});

describe('a place that shows a quoted line and its amount', () => {
  const basket = screen('Basket', [
    node('text', '2 × Garlic Bread', 100, { bounds: { x: 16, y: 100, width: 200, height: 30 } }),
    node('text', '£9.00', 100, { bounds: { x: 300, y: 100, width: 60, height: 30 } }),
  ]);
  it('`The basket still shows "2 × Garlic Bread" £9.00`: the screen so titled, the amount beside the line', () => {
    expect(verdict(interpretAssertion('The basket still shows "2 × Garlic Bread" £9.00', basket))).toBe(true);
    expect(verdict(interpretAssertion('The basket still shows "2 × Garlic Bread" £4.50', basket))).toBe(false);
    expect(verdict(interpretAssertion('The basket shows "3 × Garlic Bread" £9.00', basket))).not.toBe(true);
  });
});

describe('a screen or dialog that asks a question', () => {
  const rate = screen('Rate order', [node('text', 'How was your order from Green Bowl?', 100)]);
  it('`Rate order screen asks "…"`: that screen, the question on it', () => {
    expect(verdict(interpretAssertion('Rate order screen asks "How was your order from Green Bowl?"', rate))).toBe(
      true,
    );
    expect(verdict(interpretAssertion('Rate order screen asks "How was your order from Luigi?"', rate))).toBe(false);
    expect(verdict(interpretAssertion('Home screen asks "How was your order from Green Bowl?"', rate))).toBe(false);
  });
});

describe('fields that start with values', () => {
  const edit = (name: string) =>
    screen('Edit details', [
      node('text', 'Jo Park', 60),
      ...labelled('Name', 'name', 100, name),
      ...labelled('Phone', 'phone', 200, '07700 900731'),
    ]);
  it('`Fields start with Jo Park and 07700 900731`: each value in a field', () => {
    expect(verdict(interpretAssertion('Fields start with Jo Park and 07700 900731', edit('Jo Park')))).toBe(true);
    expect(verdict(interpretAssertion('Fields start with Jo Park and 07700 900732', edit('Jo Park')))).toBe(false);
  });
  it('near miss: the value only as a text, its field empty, is no field holding it', () => {
    expect(verdict(interpretAssertion('Fields start with Jo Park and 07700 900731', edit('')))).not.toBe(true);
  });
});

describe('texts said to be under what the claim before spoke of', () => {
  const menu = screen("Luigi's Pizzeria", [
    node('text', 'Pizza · ★ 4.7', 100),
    node('text', 'Minimum order £10.00', 140),
  ]);
  it('`Under it "A" and "B"`: each text shown', () => {
    expect(verdict(interpretAssertion('Under it "Pizza · ★ 4.7" and "Minimum order £10.00"', menu))).toBe(true);
    expect(verdict(interpretAssertion('Under it "Pizza · ★ 4.9" and "Minimum order £10.00"', menu))).toBe(false);
  });
});

describe('lists said in order, and results with their count', () => {
  const films = screen('Now showing', [
    node('text', '3 films', 80),
    node('list', null, 100, {
      bounds: { x: 0, y: 100, width: 393, height: 300 },
      children: [
        node('list_item', 'Northern Lights', 100),
        node('list_item', 'Paper Moons', 160),
        node('list_item', 'Velocity Run', 220),
      ],
    }),
  ]);
  it('`Films in order: A, B, C`: any plural noun names the rows', () => {
    expect(verdict(interpretAssertion('Films in order: Northern Lights, Paper Moons, Velocity Run', films))).toBe(true);
    expect(verdict(interpretAssertion('Films in order: Paper Moons, Northern Lights, Velocity Run', films))).toBe(
      false,
    );
  });
  it('`Results show "3 films" with Paper Moons`: the count as shown and each row', () => {
    expect(verdict(interpretAssertion('Results show "3 films" with Paper Moons', films))).toBe(true);
    expect(verdict(interpretAssertion('Results show "2 films" with Paper Moons', films))).toBe(false);
    expect(verdict(interpretAssertion('Results show "3 films" with Harvest of Glass', films))).toBe(false);
  });
});

describe('one label whose value has commas', () => {
  const schedule = (days: string) =>
    screen('Bedtime', [
      node('text', 'Time', 100),
      node('text', '22:30', 142, { id: 'time' }),
      node('text', 'Repeats', 200),
      node('text', days, 242, { id: 'days' }),
    ]);
  it('`Repeats Mon, Wed, Fri` reads the value under the label, commas and all', () => {
    expect(verdict(interpretAssertion('Repeats Mon, Wed, Fri', schedule('Mon, Wed, Fri')))).toBe(true);
  });
  it('near miss: another list of days on screen is no value of the label; a list the screen does not show is not read so', () => {
    const other = schedule('Mon, Wed, Fri');
    other.tree.children[0]!.children.push(node('text', 'Tue, Thu', 300, { id: 'other' }));
    expect(verdict(interpretAssertion('Repeats Tue, Thu', other))).not.toBe(true);
    expect(verdict(interpretAssertion('Repeats Mon, Fri', schedule('Mon, Wed, Fri')))).not.toBe(true);
  });
});

describe('a name with "and the" in it', () => {
  const films = (titles: string[]) =>
    screen('Now showing', [
      node('list', null, 100, {
        bounds: { x: 0, y: 100, width: 393, height: 60 * titles.length },
        children: titles.map((t, i) => node('list_item', t, 100 + i * 60, { id: `film-${i}` })),
      }),
    ]);
  it('`Films in order: Paper Moons, Pip and the Giant Kite and Velocity Run` keeps the name whole', () => {
    const shown = films(['Paper Moons', 'Pip and the Giant Kite', 'Velocity Run']);
    expect(
      verdict(interpretAssertion('Films in order: Paper Moons, Pip and the Giant Kite and Velocity Run', shown)),
    ).toBe(true);
    const swapped = films(['Pip and the Giant Kite', 'Paper Moons', 'Velocity Run']);
    expect(
      verdict(interpretAssertion('Films in order: Paper Moons, Pip and the Giant Kite and Velocity Run', swapped)),
    ).toBe(false);
  });
});

describe('a button named by the head of its label, said to be absent', () => {
  const home = (basket: boolean) =>
    screen('Home', [
      node('text', 'Restaurants near you', 80),
      ...(basket ? [node('button', 'View basket · 1 item · £9.50', 700)] : []),
    ]);

  it('`There is no View basket button there` fails while "View basket · 1 item" shows, holds when it has gone', () => {
    for (const claim of ['There is no View basket button there', 'View basket is gone']) {
      expect(verdict(interpretAssertion(claim, home(true))), claim).toBe(false);
      expect(verdict(interpretAssertion(claim, home(false))), claim).toBe(true);
    }
  });
});

describe('a quoted text after a "no" further on in the claim', () => {
  const settings = (saved: boolean) =>
    screen('Settings', [node('text', 'Wi-Fi', 80), ...(saved ? [node('text', 'Saved', 400)] : [])]);

  it('`Wi-Fi is on and no "Saved" message shows` is never read as "Saved" shown', () => {
    // It was: the claim passed while the message it says must not show was there.
    expect(verdict(interpretAssertion('Wi-Fi is on and no "Saved" message shows', settings(true)))).not.toBe(true);
    expect(verdict(interpretAssertion('No "Saved" message shows', settings(true)))).toBe(false);
    expect(verdict(interpretAssertion('No "Saved" message shows', settings(false)))).toBe(true);
  });

  it('`… and no "Saved" message shows` is a claim of its own beside the one before it', () => {
    const wifi = (saved: boolean, on = true) =>
      screen('Settings', [
        node('switch', 'Wi-Fi', 80, { id: 'wifi', checked: on }),
        ...(saved ? [node('text', 'Saved', 400)] : []),
      ]);
    const claim = 'Wi-Fi is on and no "Saved" message shows';
    expect(verdict(interpretAssertion(claim, wifi(false)))).toBe(true);
    expect(verdict(interpretAssertion(claim, wifi(true)))).toBe(false);
    expect(verdict(interpretAssertion(claim, wifi(false, false)))).toBe(false);
    // "and No thanks": a name that starts with No, not a claim of absence.
    const snacks = screen('Snacks', [node('button', 'Continue', 600), node('button', 'No thanks', 660)]);
    expect(verdict(interpretAssertion('Both Continue and No thanks are shown', snacks))).toBe(true);
  });
});
