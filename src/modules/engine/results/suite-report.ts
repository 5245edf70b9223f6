/**
 * The HTML report of suite runs (docs/design/0032-suites-at-scale.md): one self-contained file —
 * inline CSS, images as data URIs, no script and nothing fetched — that opens offline. Every text
 * from a run (names, steps, errors, device names) is escaped; links are kept only when they are
 * http(s) or a path of this server.
 */

export interface ReportImage {
  /** A data: URI of the image, or null when it was left out (too large, or no longer stored). */
  src: string | null;
  alt: string;
}

export interface ReportStep {
  index: number;
  text: string;
  status: string;
  durationMs: number | null;
  error: string | null;
  screenshot: ReportImage | null;
  visual: { diffPct: number; verdict: string; diff: ReportImage | null } | null;
}

export interface ReportAttempt {
  attempt: number;
  runId: string;
  status: string;
  durationMs: number | null;
  error: string | null;
  steps: ReportStep[];
  videoUrl: string | null;
  logsUrl: string | null;
  runUrl: string;
}

export interface ReportCase {
  name: string;
  status: string;
  flaky: boolean;
  quarantined: boolean;
  shard: number | null;
  deviceName: string | null;
  attempts: ReportAttempt[];
}

export interface ReportSection {
  /** The device matrix target, or null for a run without one. */
  target: string | null;
  suiteRunId: string;
  status: string;
  durationMs: number | null;
  error: string | null;
  shards: Array<{ index: number; deviceName: string | null; cases: number; status: string }>;
  cases: ReportCase[];
}

export interface ReportData {
  title: string;
  generatedAt: string;
  status: string;
  sections: ReportSection[];
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Text for HTML content and attribute values. */
export function esc(value: unknown): string {
  return String(value ?? '').replace(/[&<>"']/g, (c) => ESCAPES[c]!);
}

/** A link target, or null: only http(s) URLs and server paths (never javascript:, data: or the like). */
export function safeUrl(url: string | null | undefined): string | null {
  if (!url) return null;
  if (/^https?:\/\/[^\s]+$/i.test(url) || /^\/(?!\/)[^\s]*$/.test(url)) return url;
  return null;
}

const seconds = (ms: number | null) => (ms === null ? '–' : `${(ms / 1000).toFixed(1)} s`);

function badge(status: string): string {
  const kind = /^(passed|finished)$/.test(status) ? 'ok' : /^(failed|error|lost)$/.test(status) ? 'bad' : 'other';
  return `<span class="badge ${kind}">${esc(status)}</span>`;
}

function image(img: ReportImage | null, what: string): string {
  if (!img) return '';
  if (!img.src?.startsWith('data:image/')) return `<span class="muted">${esc(what)} not included</span>`;
  return `<img src="${esc(img.src)}" alt="${esc(img.alt)}">`;
}

function link(url: string | null, text: string): string {
  const safe = safeUrl(url);
  return safe ? `<a href="${esc(safe)}">${esc(text)}</a>` : '';
}

function step(s: ReportStep): string {
  const visual = s.visual
    ? `<div class="visual">visual ${esc(s.visual.verdict)} (${esc(s.visual.diffPct.toFixed(2))}% differs) ${image(s.visual.diff, 'diff image')}</div>`
    : '';
  return `<li class="step ${esc(s.status)}"><div><b>${s.index + 1}.</b> ${esc(s.text)} ${badge(s.status)} <span class="muted">${seconds(s.durationMs)}</span></div>${s.error ? `<div class="error">${esc(s.error)}</div>` : ''}<div class="shots">${image(s.screenshot, 'screenshot')}${visual}</div></li>`;
}

function attempt(a: ReportAttempt, several: boolean): string {
  const links = [link(a.runUrl, 'run'), link(a.videoUrl, 'video'), link(a.logsUrl, 'logs')].filter(Boolean).join(' · ');
  return `<div class="attempt">${several ? `<h4>Attempt ${a.attempt} ${badge(a.status)}</h4>` : ''}<p class="muted">${esc(a.runId)} · ${seconds(a.durationMs)}${links ? ` · ${links}` : ''}</p>${a.error ? `<div class="error">${esc(a.error)}</div>` : ''}<ol class="steps">${a.steps.map(step).join('')}</ol></div>`;
}

function testCase(c: ReportCase): string {
  const marks = [
    c.flaky ? '<span class="mark flaky">flaky</span>' : '',
    c.quarantined ? '<span class="mark quarantined">quarantined</span>' : '',
  ]
    .filter(Boolean)
    .join(' ');
  const where = [c.shard === null ? null : `shard ${c.shard + 1}`, c.deviceName].filter(Boolean).join(' · ');
  return `<details class="case"${c.status === 'passed' ? '' : ' open'}><summary>${badge(c.status)} <b>${esc(c.name)}</b> ${marks} <span class="muted">${esc(where)}</span></summary>${c.attempts.map((a) => attempt(a, c.attempts.length > 1)).join('')}</details>`;
}

function section(s: ReportSection): string {
  const count = (st: string) => s.cases.filter((c) => c.status === st).length;
  const shards = s.shards.length
    ? `<table class="shards"><tr><th>Shard</th><th>Device</th><th>Cases</th><th>Status</th></tr>${s.shards.map((sh) => `<tr><td>${sh.index + 1}</td><td>${esc(sh.deviceName ?? '–')}</td><td>${sh.cases}</td><td>${badge(sh.status)}</td></tr>`).join('')}</table>`
    : '';
  return `<section><h2>${s.target ? `${esc(s.target)} ` : ''}${badge(s.status)}</h2><p class="muted">${esc(s.suiteRunId)} · ${seconds(s.durationMs)} · ${count('passed')} passed, ${count('failed')} failed, ${count('error')} errors, ${s.cases.filter((c) => c.flaky).length} flaky, ${s.cases.filter((c) => c.quarantined).length} quarantined</p>${s.error ? `<div class="error">${esc(s.error)}</div>` : ''}${shards}${s.cases.map(testCase).join('')}</section>`;
}

const CSS = `body{font:14px/1.45 system-ui,sans-serif;margin:0 auto;max-width:1100px;padding:24px;color:#1d1d1f}
h1{font-size:22px;margin:0 0 4px}h2{font-size:18px;margin:28px 0 4px}h4{margin:10px 0 4px}
.muted{color:#6e6e73}.badge{display:inline-block;padding:1px 8px;border-radius:10px;font-size:12px;background:#e5e5ea}
.badge.ok{background:#d1f2d9;color:#0b6b2b}.badge.bad{background:#fbd5d5;color:#9b1c1c}
.mark{font-size:12px;padding:1px 6px;border-radius:4px}.flaky{background:#fff1c2}.quarantined{background:#e0e7ff}
.summary td{padding:2px 12px 2px 0}table.shards{border-collapse:collapse;margin:8px 0}table.shards td,table.shards th{border:1px solid #d2d2d7;padding:3px 8px;text-align:left}
details.case{border:1px solid #d2d2d7;border-radius:8px;margin:8px 0;padding:6px 10px}summary{cursor:pointer}
.error{background:#fff5f5;border-left:3px solid #e02424;padding:4px 8px;margin:4px 0;white-space:pre-wrap}
ol.steps{padding-left:18px}li.step{margin:6px 0}.shots img{max-height:260px;border:1px solid #d2d2d7;margin:4px 8px 0 0;vertical-align:top}`;

/** The report as one HTML document. */
export function renderSuiteReport(d: ReportData): string {
  const cases = d.sections.flatMap((s) => s.cases);
  const n = (pred: (c: ReportCase) => boolean) => cases.filter(pred).length;
  const summary = `<table class="summary"><tr><td>Status</td><td>${badge(d.status)}</td></tr><tr><td>Cases</td><td>${cases.length}: ${n((c) => c.status === 'passed')} passed, ${n((c) => c.status === 'failed')} failed, ${n((c) => c.status === 'error')} errors</td></tr><tr><td>Flaky</td><td>${n((c) => c.flaky)}</td></tr><tr><td>Quarantined</td><td>${n((c) => c.quarantined)}</td></tr><tr><td>Targets</td><td>${d.sections.length}</td></tr></table>`;
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; img-src data:; style-src 'unsafe-inline'">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${esc(d.title)}</title><style>${CSS}</style></head>
<body><header id="summary"><h1>${esc(d.title)}</h1><p class="muted">Generated ${esc(d.generatedAt)} by simdeck</p>${summary}</header>
${d.sections.map(section).join('\n')}
</body></html>
`;
}
