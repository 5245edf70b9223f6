/**
 * Renders every screen of an example app (its correct build) for people who write test cases for
 * it: walks the app's tour on a virtual phone and writes, per shot, PNGs of the whole screen
 * (one per scrolled page) and a plain-text description of its UI tree, plus an index.
 *   npx tsx bench/interpreter/screens.ts <app> <outDir>      e.g. travel /tmp/travel-screens
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import type { UiNode } from '../../src/worker/driver';
import { buildExampleApp, exampleApp, type ExampleApp } from '../../examples/virtual-apps';
import { openVirtualApp, type AppOnDevice } from '../../test/virtual/app-driver';
import { readTour, runTour } from '../../test/virtual/app-tour';
import { findAll } from '../../test/virtual/ui';

const RENDER_SCALE = 2;
const MAX_PAGES = 8;
const CONTAINERS = new Set(['application', 'screen', 'scroll_view', 'group']);

/** One line per element, indented under its alert or navigation bar; lists stand for their rows. */
function describe(n: UiNode, depth: number, out: string[], skip?: UiNode): void {
  if (n === skip) return;
  const structural = CONTAINERS.has(n.role) || n.role === 'list';
  if (!structural) {
    const bits = [n.role.replace('_', ' ')];
    if (n.role === 'input') bits.push(n.text ? `value "${n.text}"` : 'empty');
    else if (n.text !== null && n.text !== '') bits.push(`"${n.text}"`);
    if (n.id) bits.push(`[id ${n.id}]`);
    if (n.checked !== undefined) bits.push(n.checked ? 'on' : 'off');
    if (!n.enabled) bits.push('(disabled)');
    out.push(`${'  '.repeat(depth)}- ${bits.join(' ')}`);
  }
  for (const c of n.children) describe(c, structural ? depth : depth + 1, out, skip);
}

/** Appends a scrolled page's lines to the lines so far, dropping the longest run the two share. */
function mergePage(acc: string[], page: string[]): void {
  for (let k = Math.min(acc.length, page.length); k >= 0; k--) {
    if (acc.slice(acc.length - k).every((line, i) => line === page[i])) {
      acc.push(...page.slice(k));
      return;
    }
  }
}

/** The screen scrolled from top to bottom: a PNG per page, and its elements top to bottom, each once. */
async function capture(app: AppOnDevice, outBase: string): Promise<{ pages: string[]; lines: string[] }> {
  await app.scrollToTop();
  const pages: string[] = [];
  const fixed: string[] = [];
  const lines: string[] = [];
  for (let page = 1; page <= MAX_PAGES; page++) {
    const file = `${outBase}${page === 1 ? '' : `-${page}`}.png`;
    const frame = await app.driver.screenshot(app.deviceId);
    await sharp(frame.jpeg).png().toFile(file);
    pages.push(path.basename(file));
    const tree = await app.tree();
    // The navigation bar stays put while the content scrolls under it.
    const nav = findAll(tree, (n) => n.role === 'navigation_bar')[0];
    if (page === 1 && nav) describe(nav, 0, fixed);
    const content: string[] = [];
    describe(tree, 0, content, nav);
    mergePage(lines, content);
    if (!(await app.scrollDown())) break;
  }
  await app.scrollToTop();
  return { pages, lines: [...fixed, ...lines] };
}

export async function renderScreens(example: ExampleApp, outDir: string): Promise<string[]> {
  fs.mkdirSync(outDir, { recursive: true });
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'simdeck-screens-'));
  const pkg = await buildExampleApp(example, 'correct', path.join(tmp, `${example.name}.apk`));
  const app = await openVirtualApp({
    packagePath: pkg,
    packageName: example.spec.packageName,
    renderScale: RENDER_SCALE,
  });
  const index: string[] = [
    `# ${example.spec.label}: screens`,
    '',
    `Rendered from the correct build (${example.spec.label} ${example.spec.versionName}) on a virtual Pixel 8`,
    `(393×852 points, drawn at ${RENDER_SCALE}×). A tall screen has one picture per scrolled page.`,
    'Each .txt file lists what the screen holds, top to bottom, as the device reports it: the kind of',
    'element, its text, its id, and the state of switches. The second line of a list row (grey, smaller)',
    'and the message of a dialog appear only in the pictures.',
    '',
  ];
  const titles: string[] = [];
  let n = 0;
  try {
    await runTour(app, readTour(example.tourPath), async ({ shot, note }) => {
      n += 1;
      const base = `${String(n).padStart(2, '0')}-${shot}`;
      const title = (await app.title()) ?? '(untitled)';
      titles.push(title);
      const { pages, lines } = await capture(app, path.join(outDir, base));
      const head = [`Screen: ${title}`, ...(note ? [`Shows: ${note}`] : []), `Pictures: ${pages.join(', ')}`, ''];
      fs.writeFileSync(path.join(outDir, `${base}.txt`), `${[...head, ...lines].join('\n')}\n`);
      index.push(`- ${base}: **${title}**${note ? `: ${note}` : ''} (${pages.join(', ')}, ${base}.txt)`);
    });
  } finally {
    await app.close();
    fs.rmSync(tmp, { recursive: true, force: true });
  }
  fs.writeFileSync(path.join(outDir, 'index.md'), `${index.join('\n')}\n`);
  return titles;
}

if (process.argv[1] && import.meta.url.endsWith(process.argv[1].split(path.sep).join('/'))) {
  const [name, outDir] = process.argv.slice(2);
  if (!name || !outDir) {
    console.error('usage: npx tsx bench/interpreter/screens.ts <app> <outDir>');
    process.exit(2);
  }
  const titles = await renderScreens(exampleApp(name), path.resolve(outDir));
  console.log(`${titles.length} shots of ${new Set(titles).size} screens written to ${path.resolve(outDir)}`);
}
