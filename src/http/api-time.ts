import { z } from 'zod';

/** The API's timestamps: ISO 8601 in UTC without a zone designator, e.g. 2026-11-22T04:19:17.123. */
export function apiTime(date: Date): string {
  return date.toISOString().slice(0, -1);
}

export function apiTimeOrNull(date: Date | null | undefined): string | null {
  return date ? apiTime(date) : null;
}

export const ApiTimestamp = z
  .string()
  .meta({ description: 'ISO 8601 date-time (UTC) without a zone designator', example: '2026-11-22T04:19:17.123' });
