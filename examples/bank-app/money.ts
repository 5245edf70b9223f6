import type { Action, Condition, Scalar } from '../../src/virtual/app-model';
import { all, choose, each, is, set } from '../model-parts';

/**
 * Money without arithmetic: the app model cannot add or compare numbers, so every balance is kept
 * as four digit variables for its whole pounds (`<name>_d3`…`<name>_d0`, thousands to units) and a
 * fixed pence part (money moves in whole pounds only). Adding, subtracting, comparing and
 * formatting go digit by digit, one `if` per digit pair, as a person does it on paper.
 */

export const DIGITS = 4;
const positions = Array.from({ length: DIGITS }, (_, i) => i); // 0 = units
const digitValues = Array.from({ length: 10 }, (_, d) => d);

export const dv = (name: string, i: number) => `${name}_d${i}`;

/** The state of a balance of `pounds` whole pounds. */
export function poundsState(name: string, pounds: number): Record<string, Scalar> {
  const out: Record<string, Scalar> = {};
  for (const i of positions) out[dv(name, i)] = Math.floor(pounds / 10 ** i) % 10;
  return out;
}

/** Formats a whole-pounds figure with a thousands comma: 1842 → "1,842". */
export const groupPounds = (n: number) => n.toLocaleString('en-GB');

/** The most a single transfer or payment may move, in whole pounds. */
export const MAX_AMOUNT = 2000;

/**
 * `v` (the amount typed) read into the digit variables `amt_d…`: `amt_ok` says whether it is a
 * whole number of pounds from 0 to MAX_AMOUNT, written "25" or "25.00"; `amt_zero` whether it is 0.
 */
export function parseAmount(v: string): Action[] {
  const cases: [Condition, Action[]][] = [];
  for (let n = 0; n <= MAX_AMOUNT; n++)
    cases.push([{ any: [is(v, String(n)), is(v, `${n}.00`)] }, [set(poundsState('amt', n))]]);
  return [
    set({ amt_d0: 'none' }),
    ...each(cases),
    ...choose([[is('amt_d0', 'none'), [set({ amt_ok: false, amt_zero: false })]]], [set({ amt_ok: true })]),
    ...choose(
      [[all(...positions.map((i) => is(dv('amt', i), 0))), [set({ amt_zero: true })]]],
      [set({ amt_zero: false })],
    ),
  ];
}

/**
 * `target` = `target` − `amt` (sub) or + `amt` (add), whole pounds; the result is assumed to fit
 * (a subtraction is only done after `amountAbove` said the amount is not more than the balance).
 */
export function applyAmount(target: string, op: 'add' | 'sub'): Action[] {
  const actions: Action[] = [set({ carry: 0 })];
  for (const i of positions) {
    // One key holds the three digits the column depends on: "<target digit><amount digit><carry>".
    actions.push(set({ col: `{{${dv(target, i)}}}{{${dv('amt', i)}}}{{carry}}` }));
    const cases: [Condition, Action[]][] = [];
    for (const b of digitValues)
      for (const a of digitValues)
        for (const c of [0, 1]) {
          const raw = op === 'add' ? b + a + c : b - a - c;
          const digit = ((raw % 10) + 10) % 10;
          const carry = op === 'add' ? (raw >= 10 ? 1 : 0) : raw < 0 ? 1 : 0;
          cases.push([is('col', `${b}${a}${c}`), [set({ [dv(target, i)]: digit, carry })]]);
        }
    actions.push(...each(cases));
  }
  return actions;
}

/** Copies the whole-pound digits of `from` to `to`. */
export const copyDigits = (from: string, to: string): Action[] => [
  set(Object.fromEntries(positions.map((i) => [dv(to, i), `{{${dv(from, i)}}}`]))),
];

/** Sets `flag` to whether the amount (`amt`) is more than the whole pounds of `target`. */
export function amountAbove(target: string, flag: string): Action[] {
  // From the most significant digit down: the first column whose digits differ decides.
  const actions: Action[] = [set({ [flag]: false, cmp_done: false })];
  for (const i of [...positions].reverse()) {
    actions.push(set({ col: `{{${dv(target, i)}}}{{${dv('amt', i)}}}` }));
    for (const b of digitValues)
      for (const a of digitValues) {
        if (a === b) continue;
        actions.push({
          if: all(is('cmp_done', false), is('col', `${b}${a}`)),
          then: [set({ [flag]: a > b, cmp_done: true })],
        });
      }
  }
  return actions;
}

/**
 * Writes `<target>_label` as "£1,842.50" (with `sign` in front, e.g. "−"), from the digits and the
 * fixed pence. One case per count of leading zeros.
 */
export function formatBalance(target: string, pence: string, sign = ''): Action[] {
  const d = (i: number) => `{{${dv(target, i)}}}`;
  const zero = (i: number) => ({ any: [is(dv(target, i), 0), is(dv(target, i), '0')] });
  const label = `${target}_label`;
  return [
    {
      if: { not: zero(3) },
      then: [set({ [label]: `${sign}£${d(3)},${d(2)}${d(1)}${d(0)}.${pence}` })],
      else: [
        {
          if: { not: zero(2) },
          then: [set({ [label]: `${sign}£${d(2)}${d(1)}${d(0)}.${pence}` })],
          else: [
            {
              if: { not: zero(1) },
              then: [set({ [label]: `${sign}£${d(1)}${d(0)}.${pence}` })],
              else: [set({ [label]: `${sign}£${d(0)}.${pence}` })],
            },
          ],
        },
      ],
    },
  ];
}

/** The amount typed, formatted "£25.00", into `amt_label`. */
export const formatAmount: Action[] = formatBalance('amt', '00');
