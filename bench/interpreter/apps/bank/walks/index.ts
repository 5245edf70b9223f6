import type { Walk } from '../../../walks/ops';
import { bankWalks } from './walks';

/** Every case of `../cases.json`, spelt out by element id, in the same order. */
export const walks: Walk[] = bankWalks;
