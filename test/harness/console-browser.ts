import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { buildConsole, consoleUpToDate } from '../../scripts/build.mjs';

export const CHROMIUM = '/usr/bin/chromium';
export const hasChromium = fs.existsSync(CHROMIUM);
export const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking'];
/** Where the console's browser tests leave a screenshot of every page they visit. */
export const SCREENSHOT_DIR = path.resolve('.tmp/console');

const DIST = path.resolve('web/dist');
const LOCK = path.resolve('.tmp/console-build.lock');

/** What a first visit loads of the bundle in web/dist: its entry and preloaded chunks, gzipped. */
function bundleStats(): { initialJsGzip: number; initialFiles: string[] } {
  const html = fs.readFileSync(path.join(DIST, 'index.html'), 'utf8');
  const initialFiles = [...html.matchAll(/(?:src|href)="\/assets\/([^"]+\.js)"/g)].map((m) => m[1]!);
  return {
    initialFiles,
    initialJsGzip: initialFiles.reduce(
      (sum, name) => sum + fs.statSync(path.join(DIST, 'assets', `${name}.gz`)).size,
      0,
    ),
  };
}

/**
 * Builds the console into web/dist unless it is newer than every source, one test file at a
 * time (browser test files run in parallel; a second build would swap web/dist under the first
 * one's pages). Returns what a first visit loads.
 */
export async function buildConsoleOnce(): Promise<{ initialJsGzip: number; initialFiles: string[] }> {
  fs.mkdirSync(path.dirname(LOCK), { recursive: true });
  for (const until = Date.now() + 600_000; ; ) {
    try {
      fs.mkdirSync(LOCK);
      break;
    } catch {
      // A lock older than a build can take was left by a killed run.
      if (Date.now() - fs.statSync(LOCK, { throwIfNoEntry: false })!.mtimeMs > 600_000)
        fs.rmSync(LOCK, { recursive: true, force: true });
      if (Date.now() > until) throw new Error(`${LOCK} is held too long`);
      await new Promise((r) => setTimeout(r, 250));
    }
  }
  try {
    if (consoleUpToDate()) return bundleStats();
    return await buildConsole();
  } finally {
    fs.rmSync(LOCK, { recursive: true, force: true });
  }
}

const axeSource = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

export interface WatchedPage {
  page: Page;
  /** Content-Security-Policy violations, console errors and uncaught page errors, as they happen. */
  problems: string[];
}

/** A page whose Content-Security-Policy is enforced, recording every violation, console error and page error. */
export async function watchedPage(
  browser: Browser,
  options: { viewport?: { width: number; height: number }; colorScheme?: 'light' | 'dark' } = {},
): Promise<WatchedPage> {
  const context = await browser.newContext({
    viewport: options.viewport ?? { width: 1280, height: 900 },
    colorScheme: options.colorScheme ?? 'light',
    reducedMotion: 'reduce',
    acceptDownloads: true,
  });
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('console', (m) => {
    // An API answering 4xx is part of a flow (a wrong password, say); the page shows its detail.
    if (/^Failed to load resource: the server responded with a status of 4\d\d/.test(m.text())) return;
    if (m.type() === 'error' || /content security policy/i.test(m.text())) problems.push(`console: ${m.text()}`);
  });
  page.on('response', (r) => {
    if (r.status() >= 400 && !new URL(r.url()).pathname.startsWith('/api/'))
      problems.push(`${r.status()} for ${r.url()}`);
  });
  page.on('pageerror', (err) => problems.push(`page error: ${err.message}`));
  await page.addInitScript(
    "document.addEventListener('securitypolicyviolation', (e) => console.error('CSP violation: ' + e.violatedDirective + ' ' + e.blockedURI))",
  );
  return { page, problems };
}

/** Saves a full-page screenshot as .tmp/console/<name>.png. */
export async function screenshot(page: Page, name: string): Promise<void> {
  fs.mkdirSync(SCREENSHOT_DIR, { recursive: true });
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}.png`), fullPage: true });
}

export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: Array<{ target: string[]; failureSummary?: string }>;
}

/**
 * Runs axe-core in the page (evaluated over the DevTools protocol, so the page's policy, which
 * allows no inline script, stays as it is) and returns the serious and critical violations.
 */
export async function seriousAxeViolations(page: Page): Promise<AxeViolation[]> {
  if (!(await page.evaluate('typeof window.axe !== "undefined"'))) await page.evaluate(axeSource);
  const violations = (await page.evaluate(
    `window.axe.run(document, { resultTypes: ['violations'] }).then((r) => r.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.slice(0, 5).map((n) => ({ target: n.target, failureSummary: n.failureSummary })) })))`,
  )) as AxeViolation[];
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
}
