import { AppError } from '../../errors';

/** Tag names: matched against the pattern after lower-casing; the given casing is the display name. */
export const TAG_PATTERN = /^[a-z0-9_-]{1,50}$/;

export interface NormalisedTag {
  name: string;
  displayName: string;
}

/** Trims, lower-cases and checks each tag (422 for an invalid one); the first-seen casing is kept for display. */
export function normaliseTags(tags: string[]): NormalisedTag[] {
  const seen = new Map<string, string>();
  for (const raw of tags) {
    const display = raw.trim();
    const name = display.toLowerCase();
    const shown = raw.length > 60 ? `${raw.slice(0, 60)}…` : raw;
    if (!TAG_PATTERN.test(name))
      throw new AppError(
        'UNPROCESSABLE',
        `Invalid tag name '${shown}': tags must match ^[a-z0-9_-]{1,50}$ (letters are compared case-insensitively)`,
      );
    if (!seen.has(name)) seen.set(name, display);
  }
  return [...seen].map(([name, displayName]) => ({ name, displayName }));
}

/** The tag names of a `?tags=a,b` filter, normalised like tags given as input. */
export function parseTagFilter(raw: string | undefined): string[] {
  const given = (raw ?? '')
    .split(',')
    .map((t) => t.trim())
    .filter(Boolean);
  return normaliseTags(given).map((t) => t.name);
}
