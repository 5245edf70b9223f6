import { describe, expect, it } from 'vitest';
import type { UiNode } from '../../../../worker/driver';
import { interpretStep, parseStep, type DeviceAction, type Resolution } from './index';
import { node, screen } from './hand-built-screens.fixture';

/**
 * Action steps as QA engineers write them on forms, lists and dialogs, on hand-built screens: a switch
 * read back after its tap, a row scrolled to, a value chosen from a list, fields named by label, hint,
 * "box" or as the only one, buttons named loosely. Each form has a near miss that must not be guessed.
 */

const acts = (r: Resolution): DeviceAction[] => (r.settled && r.kind === 'actions' ? r.actions : []);
const typed = (r: Resolution) =>
  acts(r).flatMap((a) => (a.op === 'input' && a.event.kind === 'text' ? [[a.selector?.id, a.event.text]] : []));
const tapped = (r: Resolution) =>
  acts(r).flatMap((a) => (a.op === 'input' && a.event.kind === 'tap' ? [a.selector?.id ?? a.selector?.text] : []));
const checked = (r: Resolution) => (r.settled && r.kind === 'check' ? r.passed : `not a verdict: ${JSON.stringify(r)}`);

describe('a switch is read back after its tap', () => {
  const settings = (dark: boolean, push = true) =>
    screen('Settings', [
      node('toggle', 'Notifications', 100, { id: 'push', checked: push }),
      node('toggle', 'Dark mode', 160, { id: 'dark-mode', checked: dark }),
    ]);

  it('"Turn on Dark mode" taps it, then fails on a screen where it sprang back off', () => {
    const r = interpretStep('Turn on Dark mode', settings(false));
    expect(tapped(r)).toEqual(['dark-mode']);
    expect(r.settled && r.then).toBe('verify the "Dark mode" switch is on or asks to confirm');
    // The screen the tap led to: the switch turned itself off again.
    expect(checked(interpretStep(r.settled ? r.then! : '', settings(false)))).toBe(false);
    expect(checked(interpretStep(r.settled ? r.then! : '', settings(true)))).toBe(true);
  });

  it('the rest of the step is read after the read-back', () => {
    const r = interpretStep('Turn on Dark mode and tap Notifications', settings(false));
    expect(r.settled && r.then).toBe('verify the "Dark mode" switch is on or asks to confirm, then tap Notifications');
  });

  it('a switch already in the state asked is not tapped nor read again; "toggle" reads back the other state', () => {
    const same = interpretStep('Turn on Dark mode', settings(true));
    expect(acts(same)).toEqual([]);
    expect(same.settled && same.then).toBeFalsy();
    const flip = interpretStep('Toggle Notifications', settings(false, true));
    expect(flip.settled && flip.then).toBe('verify the "Notifications" switch is off or asks to confirm');
  });

  it('a switch named by the label before it is read back by that label', () => {
    const labelled = (on: boolean) =>
      screen('Settings', [
        node('text', 'Auto-lock', 100, { bounds: { x: 16, y: 100, width: 200, height: 40 } }),
        node('toggle', null, 100, { checked: on, bounds: { x: 230, y: 100, width: 60, height: 40 } }),
      ]);
    const r = interpretStep('Turn on Auto-lock', labelled(false));
    expect(r.settled && r.then).toBe('verify the "Auto-lock" switch is on or asks to confirm');
    expect(checked(interpretStep('verify the "Auto-lock" switch is on', labelled(false)))).toBe(false);
    expect(checked(interpretStep('verify the "Auto-lock" switch is on', labelled(true)))).toBe(true);
  });

  const asking = (question: string, buttons: string[]) =>
    screen('Settings', [
      node('toggle', 'Notifications', 100, { id: 'push', checked: true }),
      node('toggle', 'Dark mode', 160, { id: 'dark-mode', checked: false }),
      node('alert', question, 300, {
        bounds: { x: 16, y: 300, width: 360, height: 120 },
        children: buttons.map((b, i) =>
          node('button', b, 350, { id: `ask-${i}`, bounds: { x: 30 + 170 * i, y: 350, width: 150, height: 40 } }),
        ),
      }),
    ]);
  const readBack = 'verify the "Dark mode" switch is on or asks to confirm';

  it('a dialog the tap opened to confirm the switch is the step done; its answer is followed by the read-back', () => {
    expect(checked(interpretStep(readBack, asking('Turn on dark mode?', ['Cancel', 'Turn on'])))).toBe(true);
    const r = interpretStep('Turn Dark mode on and confirm with Turn on', settings(false));
    expect(r.settled && r.then).toBe(
      `${readBack}, then confirm with Turn on, then verify the "Dark mode" switch is on`,
    );
    const answered = interpretStep(r.settled ? r.then! : '', asking('Turn on dark mode?', ['Cancel', 'Turn on']));
    expect(answered.settled && answered.then).toBe('confirm with Turn on, then verify the "Dark mode" switch is on');
  });

  it('near misses: no dialog (it sprang back), a dialog about something else, or one that offers no choice', () => {
    expect(checked(interpretStep(readBack, settings(false)))).toBe(false);
    expect(checked(interpretStep(readBack, asking('Sign out?', ['Cancel', 'Sign out'])))).toBe(false);
    expect(checked(interpretStep(readBack, asking('Dark mode is not available', ['OK'])))).toBe(false);
  });

  it('"Try to turn X on" touches the switch and leaves the outcome to the next step', () => {
    const r = interpretStep('Try to turn Dark mode on', settings(false));
    expect(tapped(r)).toEqual(['dark-mode']);
    expect(r.settled && r.then).toBeFalsy();
  });

  it('"Turn on both switches" reads both back', () => {
    const r = interpretStep('Turn on both switches', settings(false, false));
    expect(tapped(r)).toEqual(['push', 'dark-mode']);
    expect(r.settled && r.then).toBe('verify both switches are on');
    expect(checked(interpretStep('verify both switches are on', settings(false, true)))).toBe(false);
  });
});

describe('a list row below the fold', () => {
  const rows = ['Call the dentist', 'Send the report', 'Buy milk', 'Water the plants'];
  const list = screen('Tasks', [
    node('list', null, 100, {
      bounds: { x: 0, y: 100, width: 393, height: 700 },
      children: rows.map((t, i) =>
        node('list_item', t, 100 + i * 300, {
          id: `task-${i + 1}`,
          bounds: { x: 0, y: 100 + i * 300, width: 393, height: 280 },
        }),
      ),
    }),
  ]);

  it('"Open Water the plants" scrolls the list to the row, then reads the step again', () => {
    const r = interpretStep('Open Water the plants', list);
    expect(r.settled && r.kind).toBe('scroll_until');
    if (!r.settled || r.kind !== 'scroll_until') return;
    expect(r.plan.target.text).toBe('Water the plants');
    expect(r.plan.direction).toBe('down');
    expect(r.then).toBe('Open Water the plants');
  });

  it('"Open X from the Today list" goes to Today, then X; "from the list" adds nothing', () => {
    expect(parseStep('Open Call grandma from the Today list')).toMatchObject({
      intent: { kind: 'navigate', path: ['Today', 'Call grandma'] },
    });
    expect(parseStep('Open Water the plants from the list')).toMatchObject({
      intent: { kind: 'navigate', path: ['Water the plants'] },
    });
  });

  it('a row the list does not hold is not scrolled to by name', () => {
    const r = interpretStep('Open Water the garden', list);
    expect(r.settled && r.kind === 'scroll_until' && r.plan.target.text).not.toBe('Water the plants');
  });
});

describe('a value chosen from a list of choices', () => {
  const form = (priority: string, extra: UiNode[] = []) =>
    screen('New task', [
      node('text', 'Title', 80),
      node('input', '', 125, { id: 'title' }),
      node('text', 'Priority', 200, { id: 'priority-label' }),
      node('text', priority, 245, { id: 'priority-value' }),
      node('button', 'Change priority', 290, { id: 'change-priority' }),
      node('text', 'Colour', 360, { id: 'colour-label' }),
      node('text', 'Blue', 405, { id: 'colour-value' }),
      ...extra,
    ]);
  const choices = screen('Priority', [
    node('list', null, 100, {
      bounds: { x: 0, y: 100, width: 393, height: 400 },
      children: ['High', 'Medium', 'Low', 'None'].map((c, i) => node('list_item', c, 100 + i * 50, { id: `p-${c}` })),
    }),
  ]);

  it('"Change the priority to Medium" opens the choices, taps Medium, then reads the row', () => {
    const r = interpretStep('Change the priority to Medium', form('None'));
    expect(tapped(r)).toEqual(['change-priority']);
    expect(r.settled && r.then).toBe('tap "Medium"; verify "Priority": "Medium"');
    const pick = interpretStep('tap "Medium"; verify "Priority": "Medium"', choices);
    expect(tapped(pick)).toEqual(['p-Medium']);
    expect(checked(interpretStep('verify "Priority": "Medium"', form('Medium')))).toBe(true);
    expect(checked(interpretStep('verify "Priority": "Medium"', form('None')))).toBe(false);
  });

  it('"Select High as the priority" and "Change the Priority from None to High" choose from the list too', () => {
    expect(tapped(interpretStep('Select High as the priority', form('None')))).toEqual(['change-priority']);
    const from = interpretStep('Change the Priority from None to High', form('None'));
    expect(from.settled && from.then).toBe('tap "High"; verify "Priority": "High"');
    // With the choices open, the one of that name is tapped.
    expect(tapped(interpretStep('Select High as the priority', choices))).toEqual(['p-High']);
  });

  it('"Set priority to None" where the row shows None already does nothing', () => {
    const r = interpretStep('Set priority to None', form('None'));
    expect(r.settled && r.kind === 'actions' && r.actions.length).toBe(0);
  });

  it('a label with no control that opens choices is not guessed', () => {
    const r = interpretStep('Change the colour to Red', form('None'));
    expect(r.settled).toBe(false);
  });
});

describe('fields named by label, hint, "box" or as the only one', () => {
  const signIn = (email = '', password = '') =>
    screen('Sign in', [
      node('text', 'Email', 100),
      node('input', email, 145, { id: 'email' }),
      node('text', 'Password', 200),
      node('input', password, 245, { id: 'password' }),
      node('text', 'Total', 300, { bounds: { x: 16, y: 300, width: 100, height: 40 } }),
      node('text', '€9.00', 300, { bounds: { x: 300, y: 300, width: 60, height: 40 } }),
      node('button', 'Sign in', 400, { id: 'sign-in' }),
    ]);
  const search = (inputs: UiNode[] = [node('input', '', 180, { id: 'search-input' })]) =>
    screen('Search', [
      node('button', 'Tasks', 60, { id: 'tab-tasks', bounds: { x: 0, y: 60, width: 98, height: 40 } }),
      node('button', 'Search', 60, { id: 'tab-search', bounds: { x: 100, y: 60, width: 98, height: 40 } }),
      node('text', 'Find tasks', 135),
      ...inputs,
      node('button', 'Search tasks', 260, { id: 'search-tasks' }),
    ]);

  it('"Email: a@b.test" types into the field of that label; "Total: €9.00" stays a check', () => {
    expect(typed(interpretStep('Email: a@b.test', signIn()))).toEqual([['email', 'a@b.test']]);
    expect(checked(interpretStep('Total: €9.00', signIn()))).toBe(true);
    expect(checked(interpretStep('Total: €8.00', signIn()))).toBe(false);
  });

  it('"Type Ask for Maria in Notes": the value holds "for", the field comes last', () => {
    const p = parseStep('Type Ask for Maria in Notes');
    expect(p.understood && p.intent).toEqual({ kind: 'type', text: 'Ask for Maria', target: { text: 'Notes' } });
    expect(parseStep('Type a for b in c into d').understood).toBe(false);
  });

  it('"Type bill in the search field" and "… in the Find tasks box" reach the one search field, not the Search tab', () => {
    expect(typed(interpretStep('Type bill in the search field', search()))).toEqual([['search-input', 'bill']]);
    expect(typed(interpretStep('Type DENTIST in the Find tasks box', search()))).toEqual([['search-input', 'DENTIST']]);
  });

  it('a "box" whose name no field bears is not guessed', () => {
    expect(interpretStep('Type DENTIST in the Find people box', search()).settled).toBe(false);
  });

  it('two search fields on screen: "the search field" is not guessed', () => {
    const two = search([node('input', '', 180, { id: 'search-from' }), node('input', '', 220, { id: 'search-to' })]);
    expect(interpretStep('Type bill in the search field', two).settled).toBe(false);
  });

  it('"Search for Zebra" types into the search field and submits it', () => {
    const r = interpretStep('Search for Zebra', search());
    expect(typed(r)).toEqual([['search-input', 'Zebra']]);
    expect(acts(r).at(-1)).toMatchObject({ op: 'input', event: { kind: 'key', key: 'ENTER' } });
  });

  it('"Enter passport" with no focused field types into the only field; with two it is refused', () => {
    expect(typed(interpretStep('Enter passport', search()))).toEqual([['search-input', 'passport']]);
    const r = interpretStep('Enter passport', signIn());
    expect(r.settled).toBe(false);
  });

  it('"Leave both Email and Password empty" checks both', () => {
    expect(checked(interpretStep('Leave both Email and Password empty', signIn()))).toBe(true);
    expect(checked(interpretStep('Leave both Email and Password empty', signIn('', 'x')))).toBe(false);
  });
});

describe('buttons named loosely', () => {
  const task = screen('Task', [
    node('text', 'Call the dentist', 80),
    node('button', 'Mark as complete', 300, { id: 'complete' }),
    node('button', 'Save task', 360, { id: 'save' }),
    node('button', 'Delete task', 420, { id: 'delete' }),
  ]);
  const dialog = screen('Task', [
    node('button', 'Delete task', 420, { id: 'delete' }),
    node('alert', 'Delete task?', 300, {
      id: 'dialog',
      bounds: { x: 16, y: 300, width: 360, height: 120 },
      children: [
        node('button', 'Cancel', 350, { id: 'dialog-cancel' }),
        node('button', 'Delete', 350, { id: 'dialog-delete', bounds: { x: 200, y: 350, width: 100, height: 40 } }),
      ],
    }),
  ]);

  it('"Mark it as complete" taps "Mark as complete"', () => {
    expect(tapped(interpretStep('Mark it as complete', task))).toEqual(['complete']);
  });

  it('"Tap Save task straight away" and "Tap Delete to confirm" tap the named button', () => {
    expect(tapped(interpretStep('Tap Save task straight away', task))).toEqual(['save']);
    expect(tapped(interpretStep('Tap Delete to confirm', dialog))).toEqual(['dialog-delete']);
    expect(tapped(interpretStep('Confirm with Delete', dialog))).toEqual(['dialog-delete']);
    expect(interpretStep('Confirm with Remove', dialog).settled).toBe(false);
  });

  it('"Save the task" and "Save" tap the one button "Save task"; with two Save buttons "Save" is refused', () => {
    expect(tapped(interpretStep('Save the task', task))).toEqual(['save']);
    expect(tapped(interpretStep('Save', task))).toEqual(['save']);
    const two = screen('Task', [node('button', 'Save task', 300, { id: 'save' }), node('button', 'Save draft', 360)]);
    expect(interpretStep('Save', two).settled).toBe(false);
  });

  it('other words after a name are not dropped: "Tap Save task list" is not settled', () => {
    expect(interpretStep('Tap Save task list', task).settled).toBe(false);
    // "Done" is what "Mark as complete" does (a state said in another word); "urgent" is no such word.
    expect(interpretStep('Mark it as urgent', task).settled).toBe(false);
  });

  it('a whole flow in one phrase is refused with its reason', () => {
    const p = parseStep('Add a task called A1');
    expect(p.understood).toBe(false);
    expect(!p.understood && p.reason).toMatch(/whole flow in one phrase/);
    expect(parseStep('Add 3 passengers')).toMatchObject({ understood: true, intent: { kind: 'counter' } });
  });
});
