import { describe, expect, it } from 'vitest';
import { node, screen } from './hand-built-screens.fixture';
import { interpretAssertion } from './index';

const verdict = (r: ReturnType<typeof interpretAssertion>) => (r.settled ? r.passed : 'not settled');

describe('curly quotes inside a quoted text', () => {
  const saved = screen('Lists', [node('text', 'List “Groceries” saved', 100), node('button', 'New list', 300)]);
  const other = screen('Lists', [node('text', 'List “Chores” saved', 100), node('button', 'New list', 300)]);

  it('"List “Groceries” saved" is one quoted text, as the screen shows it', () => {
    expect(verdict(interpretAssertion('"List “Groceries” saved" is displayed', saved))).toBe(true);
    expect(verdict(interpretAssertion('Back on Lists with "List “Groceries” saved"', saved))).toBe(true);
    expect(verdict(interpretAssertion('"List “Groceries” saved" is displayed', other))).toBe(false);
  });
});

describe('a claim, then after a comma what is absent', () => {
  const home = screen('Home', [node('text', 'Good evening, Sam', 100), node('button', 'Scenes', 300)]);
  const signIn = screen('Sign in', [node('text', 'Email', 100), node('button', 'Sign in', 300)]);
  const homeWithDialog = screen('Home', [
    node('text', 'Good evening, Sam', 100),
    node('alert', 'Turn on Away mode?', 200, {
      bounds: { x: 40, y: 200, width: 300, height: 150 },
      children: [node('button', 'Cancel', 300, { bounds: { x: 40, y: 300, width: 100, height: 40 } })],
    }),
  ]);

  it('"App opens directly on Home, no Sign in screen": Home, and not Sign in', () => {
    expect(verdict(interpretAssertion('App opens directly on Home, no Sign in screen', home))).toBe(true);
    expect(verdict(interpretAssertion('App opens directly on Home, no Sign in screen', signIn))).toBe(false);
  });

  it('the absent part is checked too ("… is shown, no confirmation dialog")', () => {
    expect(verdict(interpretAssertion('"Good evening, Sam" is shown, no confirmation dialog', home))).toBe(true);
    expect(verdict(interpretAssertion('"Good evening, Sam" is shown, no confirmation dialog', homeWithDialog))).toBe(
      false,
    );
  });

  it('a comma inside a quoted text joins nothing', () => {
    const r = interpretAssertion('"Yes, no thanks" is shown', home);
    expect(verdict(r)).toBe(false);
  });
});

describe('no dialog of any kind', () => {
  const calm = screen('Settings', [node('text', 'Sounds', 100)]);
  const asking = screen('Settings', [
    node('alert', 'Turn on Away mode?', 200, {
      bounds: { x: 40, y: 200, width: 300, height: 150 },
      children: [node('button', 'Cancel', 300, { bounds: { x: 40, y: 300, width: 100, height: 40 } })],
    }),
  ]);

  it('"No confirmation is asked", "no dialog is shown" pass only while no dialog is open', () => {
    for (const claim of ['No confirmation is asked', 'No dialog is shown', 'There is no confirmation dialog']) {
      expect(verdict(interpretAssertion(claim, calm))).toBe(true);
      expect(verdict(interpretAssertion(claim, asking))).toBe(false);
    }
  });
});

describe('claims written as notes', () => {
  const room = (ceiling: boolean, level: string, status = 'Heating to 21°C') =>
    screen('Living Room', [
      node('toggle', 'Ceiling light', 100, { id: 'light-ceiling', checked: ceiling }),
      node('text', `Brightness ${level}`, 140, { id: 'light-ceiling-level' }),
      node('toggle', 'Floor lamp', 200, { id: 'light-floor', checked: true }),
      node('text', 'Brightness 40%', 240, { id: 'light-floor-level' }),
      node('text', 'Thermostat', 300),
      node('text', '21°C', 340, { id: 'thermo-target' }),
      node('text', status, 380, { id: 'thermo-status' }),
      node('text', 'Today: total use', 450, { bounds: { x: 16, y: 450, width: 200, height: 22 } }),
      node('text', '13.6 kWh', 480, { bounds: { x: 16, y: 480, width: 200, height: 22 } }),
      node('text', '96.3 kWh', 540, { bounds: { x: 16, y: 540, width: 200, height: 22 } }),
    ]);

  it('"Ceiling light on, "Brightness 80%"": the switch and the text under it', () => {
    expect(verdict(interpretAssertion('Ceiling light on, "Brightness 80%"', room(true, '80%')))).toBe(true);
    expect(verdict(interpretAssertion('Ceiling light on at Brightness 80%', room(true, '80%')))).toBe(true);
    expect(verdict(interpretAssertion('Ceiling light on, "Brightness 80%"', room(false, '80%')))).toBe(false);
    expect(verdict(interpretAssertion('Ceiling light on, "Brightness 80%"', room(true, '70%')))).not.toBe(true);
    // The floor lamp's own level is not the ceiling light's.
    expect(verdict(interpretAssertion('Ceiling light on, Brightness 40%', room(true, '80%')))).not.toBe(true);
  });

  it('"Status "Heating to 21°C"", "Status returns to …": that text', () => {
    expect(verdict(interpretAssertion('Status "Heating to 21°C"', room(true, '80%')))).toBe(true);
    expect(verdict(interpretAssertion('Status returns to "Heating to 21°C"', room(true, '80%')))).toBe(true);
    expect(verdict(interpretAssertion('Status "Heating to 21°C"', room(true, '80%', 'Off')))).not.toBe(true);
  });

  it('""Today: total use", 13.6 kWh": each text and measure shown; another number fails', () => {
    expect(verdict(interpretAssertion('"Today: total use", 13.6 kWh', room(true, '80%')))).toBe(true);
    expect(verdict(interpretAssertion('"Today: total use" 13.6 kWh', room(true, '80%')))).toBe(true);
    expect(verdict(interpretAssertion('"Today: total use", 13.8 kWh', room(true, '80%')))).toBe(false);
    // Without a comma the measure is the text's own: one shown elsewhere on the screen is not.
    expect(verdict(interpretAssertion('"Today: total use" 96.3 kWh', room(true, '80%')))).not.toBe(true);
  });

  it('"Target 21°C", "Target still 21°C": a label and its measure', () => {
    expect(verdict(interpretAssertion('Target still 21°C', room(true, '80%')))).toBe(true);
    expect(verdict(interpretAssertion('Target 22°C', room(true, '80%')))).not.toBe(true);
  });
});

describe('short notes read as the usual claim', () => {
  const invite = (email: string) =>
    screen('Household members', [
      node('text', 'Sam Rivera', 80),
      node('text', 'sam@homely.test', 110),
      node('text', 'Maple Street · Owner', 140),
      node('text', 'Email', 200),
      node('input', email, 240, { id: 'invite-email' }),
      node('button', 'Member', 290, { id: 'role-member' }),
      node('button', 'Cancel', 400),
      node('button', 'Send invite', 450),
    ]);
  const lists = (n: number) =>
    screen(
      'Scenes',
      Array.from({ length: n }, (_, i) => node('list_item', `Scene ${i + 1}`, 100 + i * 60)),
    );

  it('"Cancel and Send invite buttons": each button shown; one missing fails', () => {
    expect(verdict(interpretAssertion('Cancel and Send invite buttons', invite('')))).toBe(true);
    expect(verdict(interpretAssertion('Cancel and Save buttons', invite('')))).toBe(false);
  });

  it('"Email field is cleared": the field is empty', () => {
    expect(verdict(interpretAssertion('Email field is cleared', invite('')))).toBe(true);
    expect(verdict(interpretAssertion('Email field is cleared', invite('robin@example.com')))).toBe(false);
  });

  it('a name, an email and a quoted line, each shown', () => {
    const claim = 'Sam Rivera, sam@homely.test, "Maple Street · Owner"';
    expect(verdict(interpretAssertion(claim, invite('')))).toBe(true);
    expect(verdict(interpretAssertion('Sam Rivera, sam@homely.test, "Oak Lane · Owner"', invite('')))).toBe(false);
  });

  it('"Scenes still lists 5 scenes", "List still has 5 scenes": that many rows, on that screen', () => {
    expect(verdict(interpretAssertion('Scenes still lists 5 scenes', lists(5)))).toBe(true);
    expect(verdict(interpretAssertion('Scenes still lists 5 scenes', lists(4)))).toBe(false);
    expect(verdict(interpretAssertion('List still has 5 scenes', lists(5)))).toBe(true);
    expect(verdict(interpretAssertion('Scenes still lists 5 scenes', screen('New scene', [])))).toBe('not settled');
  });
});

describe('a screen with the names it shows', () => {
  const schedules = (names: string[]) =>
    screen(
      'Schedules',
      names.map((n, i) => node('list_item', n, 100 + i * 60)),
    );

  it('"Same Schedules screen with Wake up and Lights out": that screen and each name', () => {
    const claim = 'Same Schedules screen with Wake up and Lights out';
    expect(verdict(interpretAssertion(claim, schedules(['Wake up', 'Lights out'])))).toBe(true);
    expect(verdict(interpretAssertion(claim, schedules(['Wake up'])))).toBe(false);
    expect(verdict(interpretAssertion(claim, screen('Settings', [node('text', 'Wake up', 100)])))).not.toBe(true);
  });
});

describe('rows in order with a detail in brackets', () => {
  const settings = (who: string) =>
    screen('Settings', [
      node('list_item', 'Household members', 100),
      node('list_item', 'Profile', 160, { children: [node('text', who, 185)] }),
      node('list_item', 'Schedules', 220),
    ]);

  it('"Rows: Household members, Profile (Sam Rivera), Schedules": the order, and the row\'s second line', () => {
    const claim = 'Rows: Household members, Profile (Sam Rivera), Schedules';
    expect(verdict(interpretAssertion(claim, settings('Sam Rivera')))).toBe(true);
    expect(verdict(interpretAssertion(claim, settings('Alex Kim')))).not.toBe(true);
  });
});

describe('the status of a thing named', () => {
  const office = screen('Office', [
    node('toggle', 'Printer', 100, { checked: false }),
    node('text', 'Smart plug · off', 140),
    node('toggle', 'Desk fan', 200, { checked: true }),
    node('text', 'Smart plug · on', 240),
  ]);

  it('"Printer status reads "Smart plug · off"": the text beside or below Printer, not another row\'s', () => {
    expect(verdict(interpretAssertion('Printer status reads "Smart plug · off"', office))).toBe(true);
    expect(verdict(interpretAssertion('Printer status reads "Smart plug · on"', office))).not.toBe(true);
  });
});
