/** API timestamps are ISO 8601 in UTC without a zone designator. */
export function parseApiTime(value: string | null | undefined): Date | null {
  if (!value) return null;
  return new Date(/[zZ]|[+-]\d\d:?\d\d$/.test(value) ? value : `${value}Z`);
}

export function formatTime(value: string | null | undefined): string {
  const d = parseApiTime(value);
  return d ? d.toLocaleString() : '—';
}

export function formatDuration(ms: number | null | undefined): string {
  if (ms === null || ms === undefined) return '—';
  if (ms < 1000) return `${ms} ms`;
  const s = Math.round(ms / 100) / 10;
  if (s < 60) return `${s} s`;
  const m = Math.floor(s / 60);
  return `${m} min ${Math.round(s - m * 60)} s`;
}

/** "4:07" for a count of seconds. */
export function clock(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const rest = String(s % 60).padStart(2, '0');
  return h ? `${h}:${String(m).padStart(2, '0')}:${rest}` : `${m}:${rest}`;
}

export function formatBytes(n: number): string {
  if (n < 1024) return `${n} B`;
  if (n < 1024 * 1024) return `${(n / 1024).toFixed(1)} KB`;
  return `${(n / 1024 / 1024).toFixed(1)} MB`;
}

/** 1,000,000 micro-credits are one US dollar. */
export function dollars(micro: number): string {
  return (micro / 1_000_000).toLocaleString(undefined, { style: 'currency', currency: 'USD' });
}

/** The operating system a device runs, as people name it: iOS, tvOS (Apple TV), Android. */
export function osName(type: string, category?: string | null): string {
  if (type === 'ios') return category === 'tv' ? 'tvOS' : 'iOS';
  return 'Android';
}

/** "1 session", "2 sessions". */
export function plural(n: number, one: string, many = `${one}s`): string {
  return `${n} ${n === 1 ? one : many}`;
}
