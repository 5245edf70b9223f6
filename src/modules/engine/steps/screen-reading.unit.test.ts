import { describe, expect, it } from 'vitest';
import { node, screen } from './interpreter/hand-built-screens.fixture';
import { readOnScreen } from './screen-reading';

/** Lines read on one recorded screen, as check-steps reads them: settled with the intent class, or the screen's forms. */

const items = screen('Items', [
  node('text', 'Welcome, demo', 80, { id: 'welcome' }),
  node('button', 'Send feedback', 130, { id: 'open-feedback' }),
  node('button', 'Settings', 180, { id: 'open-settings' }),
  node('list_item', 'Item 1', 240, { id: 'item-1' }),
  node('list_item', 'Item 2', 290, { id: 'item-2' }),
]);

describe('a line read on a recorded screen', () => {
  it('is settled with the class of what it would do there', () => {
    expect(readOnScreen('step', 'Settings → Dark mode', items)).toEqual({ settled: true, intent: 'navigate' });
    expect(readOnScreen('step', 'Send feedback', items)).toEqual({ settled: true, intent: 'tap' });
    expect(readOnScreen('step', 'Item 2, Settings', items)).toEqual({ settled: true, intent: 'composite' });
    expect(readOnScreen('step', 'Type demo into Username', items)).toMatchObject({ settled: false });
  });

  it('an assertion is settled when it can be judged there, whatever it says of that screen', () => {
    expect(readOnScreen('assertion', 'Item 2 is shown', items)).toEqual({ settled: true, intent: 'check_visible' });
    expect(readOnScreen('assertion', 'Item 9 is shown', items)).toMatchObject({ settled: true });
    expect(readOnScreen('assertion', 'Tap Settings', items)).toEqual({ settled: false, suggestions: [] });
  });

  it('a line it cannot read there brings the forms the screen suggests', () => {
    const r = readOnScreen('step', 'Item 2', items);
    expect(r.settled).toBe(false);
    expect(!r.settled && r.suggestions).toContain('Tap "Item 2"');
  });
});
