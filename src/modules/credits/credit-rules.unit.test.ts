import { describe, expect, it } from 'vitest';
import {
  allowancePeriodAt,
  formatUsd,
  isLowBalance,
  parseUsd,
  planAllowanceMicro,
  runBilling,
  splitDeduction,
} from './credit-rules';
import { exhaustionInstant, overageMinutesDue } from './streaming-overage';

describe('credit rules', () => {
  it('deducts from the allowance first, then prepaid, and never below zero', () => {
    expect(splitDeduction(300, { allowance: 1000, prepaid: 500 })).toEqual({
      allowance: 300,
      prepaid: 0,
      uncovered: 0,
    });
    expect(splitDeduction(1200, { allowance: 1000, prepaid: 500 })).toEqual({
      allowance: 1000,
      prepaid: 200,
      uncovered: 0,
    });
    expect(splitDeduction(2000, { allowance: 1000, prepaid: 500 })).toEqual({
      allowance: 1000,
      prepaid: 500,
      uncovered: 500,
    });
    expect(splitDeduction(50, { allowance: 0, prepaid: 0 })).toEqual({ allowance: 0, prepaid: 0, uncovered: 50 });
  });

  it('low balance: under $1, or under 10 % of the plan allowance', () => {
    expect(isLowBalance(999_999, 1_000_000)).toBe(true);
    expect(isLowBalance(1_000_000, 1_000_000)).toBe(false);
    // Professional ($75): $7 is under 10 %.
    expect(isLowBalance(7_000_000, 75_000_000)).toBe(true);
    expect(isLowBalance(7_500_000, 75_000_000)).toBe(false);
    expect(isLowBalance(0, 0)).toBe(true);
  });

  it('who pays: the platform model is billed, own keys are estimated, the interpreter is free', () => {
    expect(runBilling({ provider: 'platform', model: 'platform/vision-1' })).toBe('platform');
    expect(runBilling({ provider: 'platform', model: 'platform/interpreter' })).toBe('free');
    expect(runBilling({ provider: 'provider_a', model: 'gpt-4o:byok' })).toBe('byok');
    expect(runBilling({ provider: 'provider_b', model: 'claude-sonnet' })).toBe('byok');
    expect(runBilling({ provider: null, model: null })).toBe('free');
  });

  it('allowance periods are calendar months in UTC', () => {
    expect(allowancePeriodAt(new Date('2026-06-30T23:59:59.999Z'))).toEqual({
      start: new Date('2026-06-01T00:00:00Z'),
      end: new Date('2026-07-01T00:00:00Z'),
    });
    expect(allowancePeriodAt(new Date('2026-12-15T00:00:00Z')).end).toEqual(new Date('2027-01-01T00:00:00Z'));
  });

  it('plan allowances: the table, and the operator-set one for enterprise', () => {
    expect(planAllowanceMicro('free', null)).toBe(1_000_000);
    expect(planAllowanceMicro('professional', 5)).toBe(75_000_000);
    expect(planAllowanceMicro('enterprise', 500_000_000)).toBe(500_000_000);
    expect(planAllowanceMicro('enterprise', null)).toBe(0);
  });

  it('dollars parse exactly to micro-credits and print back', () => {
    expect(parseUsd('12.5')).toBe(12_500_000);
    expect(parseUsd('0.000001')).toBe(1);
    expect(parseUsd('7')).toBe(7_000_000);
    for (const bad of ['', '-3', '1e3', '1.0000001', 'ten', '1,5']) expect(parseUsd(bad)).toBeNull();
    expect(formatUsd(12_500_000)).toBe('$12.50');
    expect(formatUsd(1_000_000)).toBe('$1.00');
    expect(formatUsd(1_234_567)).toBe('$1.234567');
    expect(formatUsd(-60_000)).toBe('-$0.06');
  });
});

describe('streaming overage', () => {
  const at = (min: number) => new Date(Date.UTC(2026, 5, 1) + min * 60_000);
  const since = at(0);

  it('finds the instant the included minutes ran out, counting concurrent sessions at their rate', () => {
    // 30 included minutes; one session from 0 to 20, two more from 10 on: 10 minutes used at 10, then 3 per minute.
    const intervals = [
      { sessionId: 'a', start: at(0), end: at(20) },
      { sessionId: 'b', start: at(10), end: null },
      { sessionId: 'c', start: at(10), end: null },
    ];
    expect(exhaustionInstant(intervals, since, at(15), 30 * 60_000)).toBeNull();
    // Three run from 10 to 20: 10 + 3×(t−10) = 30 → t ≈ 16.67.
    expect(exhaustionInstant(intervals, since, at(25), 30 * 60_000)!.getTime()).toBe(
      at(10).getTime() + (20 / 3) * 60_000,
    );
    // Exactly at the limit is not past it.
    expect(exhaustionInstant([{ sessionId: 'a', start: at(0), end: at(30) }], since, at(40), 30 * 60_000)).toBeNull();
    // Time before the period does not count.
    expect(exhaustionInstant([{ sessionId: 'a', start: at(-100), end: null }], since, at(31), 30 * 60_000)).toEqual(
      at(30),
    );
  });

  it('charges each started minute after the moment the minutes ran out', () => {
    expect(overageMinutesDue({ sessionId: 'a', start: at(0), end: null }, at(30), at(30))).toBe(0);
    expect(overageMinutesDue({ sessionId: 'a', start: at(0), end: null }, at(30), new Date(at(30).getTime() + 1))).toBe(
      1,
    );
    expect(overageMinutesDue({ sessionId: 'a', start: at(0), end: null }, at(30), at(32))).toBe(2);
    expect(overageMinutesDue({ sessionId: 'a', start: at(0), end: at(31.5) }, at(30), at(40))).toBe(2);
    expect(overageMinutesDue({ sessionId: 'b', start: at(35), end: null }, at(30), at(36.2))).toBe(2);
    expect(overageMinutesDue({ sessionId: 'c', start: at(0), end: at(29) }, at(30), at(40))).toBe(0);
  });
});
