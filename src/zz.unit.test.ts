import { it } from 'vitest';
import { parseStep, normalizeStep } from './modules/engine/steps/interpreter/parse-step';
it('zz', () => { for (const s of ['Run the Movie night scene', 'Activate the Relax scene', 'Tap the Movie night scene']) console.log('ZZ', normalizeStep(s), JSON.stringify(parseStep(s))); });
