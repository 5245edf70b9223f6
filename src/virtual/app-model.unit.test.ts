import { describe, expect, it } from 'vitest';
import { parseAppModel } from './app-model';

describe('parseAppModel on hostile input', () => {
  it('refuses a model nested 100,000 deep by naming the depth limit, before the schema recurses', () => {
    const condition = `${'{"not":'.repeat(100_000)}{"var":"x"}${'}'.repeat(100_000)}`;
    const json = `{"name":"Deep","start":"home","screens":{"home":{"title":"Home","elements":[{"type":"text","text":"hi","visibleIf":${condition}}]}}}`;
    expect(() => parseAppModel(json)).toThrow('simdeck-app.json is nested deeper than 64 levels');
  });
});
