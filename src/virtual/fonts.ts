import path from 'node:path';
import type { SKRSContext2D } from '@napi-rs/canvas';
import { loadCanvas } from '../lazy-modules';
import { PROJECT_ROOT } from '../paths';

/**
 * The bundled DejaVu Sans (assets/fonts, Bitstream Vera licence) is the only font the virtual
 * devices use, so a screen renders to the same pixels on every host.
 */
export const FONT_FAMILY = 'SimdeckSans';

const fontDir = path.join(PROJECT_ROOT, 'assets', 'fonts');
let registered = false;

export function ensureFonts(): void {
  if (registered) return;
  const regular = loadCanvas().GlobalFonts.registerFromPath(path.join(fontDir, 'DejaVuSans.ttf'), FONT_FAMILY);
  const bold = loadCanvas().GlobalFonts.registerFromPath(path.join(fontDir, 'DejaVuSans-Bold.ttf'), FONT_FAMILY);
  if (!regular || !bold) throw new Error(`cannot load the bundled fonts from ${fontDir}`);
  registered = true;
}

export function font(size: number, bold = false): string {
  return `${bold ? 'bold ' : ''}${size}px ${FONT_FAMILY}`;
}

let measureCtx: SKRSContext2D | null = null;
const widthCache = new Map<string, number>();

export function textWidth(text: string, size: number, bold = false): number {
  const key = `${size}|${bold ? 1 : 0}|${text}`;
  const hit = widthCache.get(key);
  if (hit !== undefined) return hit;
  ensureFonts();
  measureCtx ??= loadCanvas().createCanvas(4, 4).getContext('2d');
  measureCtx.font = font(size, bold);
  const w = measureCtx.measureText(text).width;
  if (widthCache.size > 20_000) widthCache.clear();
  widthCache.set(key, w);
  return w;
}

/** Greedy word wrap; a word longer than the width is split by characters. */
export function wrapText(text: string, size: number, bold: boolean, maxWidth: number): string[] {
  const lines: string[] = [];
  for (const para of text.split('\n')) {
    let line = '';
    for (const word of para.split(/\s+/).filter((w) => w !== '')) {
      const candidate = line === '' ? word : `${line} ${word}`;
      if (textWidth(candidate, size, bold) <= maxWidth) {
        line = candidate;
        continue;
      }
      if (line !== '') lines.push(line);
      line = '';
      let rest = word;
      while (textWidth(rest, size, bold) > maxWidth && rest.length > 1) {
        let cut = rest.length - 1;
        while (cut > 1 && textWidth(rest.slice(0, cut), size, bold) > maxWidth) cut--;
        lines.push(rest.slice(0, cut));
        rest = rest.slice(cut);
      }
      line = rest;
    }
    lines.push(line);
  }
  return lines;
}

/** Cuts text to fit, ending in an ellipsis. */
export function ellipsize(text: string, size: number, bold: boolean, maxWidth: number): string {
  if (textWidth(text, size, bold) <= maxWidth) return text;
  let lo = 0;
  let hi = text.length;
  while (lo < hi) {
    const mid = Math.ceil((lo + hi) / 2);
    if (textWidth(`${text.slice(0, mid)}…`, size, bold) <= maxWidth) lo = mid;
    else hi = mid - 1;
  }
  return `${text.slice(0, lo)}…`;
}
