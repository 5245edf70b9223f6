import { describe, expect, it } from 'vitest';
import { interpretStep } from './index';
import { node, screen } from './hand-built-screens.fixture';
import { namedElsewhere, tabsToSearch } from './tab-search';

/** A step naming a place no element of this screen shows is looked for under the other tabs. */

const tabBar = (current: string) =>
  ['Home', 'Scenes', 'Energy', 'Settings'].map((name, i) =>
    node('tab', name, 800, {
      id: `tab-${name.toLowerCase()}`,
      bounds: { x: i * 98, y: 800, width: 98, height: 52 },
      ...(name === current ? { checked: true } : {}),
    }),
  );

const home = screen('Home', [
  node('text', 'Good evening, Sam', 100),
  node('button', 'Movie night', 200),
  ...tabBar('Home'),
]);

describe('a place under another tab', () => {
  it('"Open New scene" on Home: not on this screen, so the other tabs are where to look, Home the way back', () => {
    // Read here, it scrolls through this screen first; not found there, it names a place elsewhere.
    const r = interpretStep('Open New scene', home);
    expect(r.settled && r.kind === 'scroll_until' && namedElsewhere(r.notFound ?? '')).toBe(true);
    const search = tabsToSearch(home)!;
    expect(search.tabs).toEqual(['Scenes', 'Energy', 'Settings']);
    expect(search.back).toBe('Home');
  });

  it('a check is never looked for elsewhere, nor a step refused for another reason', () => {
    const check = interpretStep('Verify "New scene" is shown', home);
    expect(check.settled && check.kind === 'scroll_until' && check.notFound).toBe(undefined);
    const twice = screen('Home', [node('button', 'Run', 200), node('button', 'Run', 300), ...tabBar('Home')]);
    const r = interpretStep('Tap Run', twice);
    expect(!r.settled && namedElsewhere(r.reason)).toBe(false);
  });

  it('a screen without a tab bar of two tabs has nowhere else to look', () => {
    expect(tabsToSearch(screen('Sign in', [node('button', 'Sign in', 300)]))).toBeNull();
    expect(tabsToSearch(screen('Home', [node('tab', 'Home', 800, { checked: true })]))).toBeNull();
  });
});

describe('a hostile tab bar', () => {
  it('hundreds of tabs with long names: at most six are looked under, each by its name', () => {
    const tabs = Array.from({ length: 300 }, (_, i) =>
      node('tab', `${'Tab'.repeat(200)} ${i}`, 800, { bounds: { x: i, y: 800, width: 1, height: 52 } }),
    );
    const search = tabsToSearch(screen('Home', [node('text', 'Welcome', 100), ...tabs]))!;
    expect(search.tabs).toHaveLength(6);
    expect(search.tabs[0]).toBe(`${'Tab'.repeat(200)} 0`);
  });
});
