import type { Image, SKRSContext2D } from '@napi-rs/canvas';
import { loadCanvas } from '../lazy-modules';
import { ellipsize, font } from './fonts';
import type { Palette } from './palette';
import type { Box } from './scene';

/** Drawing primitives on one canvas: text in the bundled font, rounded rectangles, focus rings, icons. */
export class Painter {
  constructor(
    readonly ctx: SKRSContext2D,
    /** Decoded icons, kept across canvases (a resize makes a new painter). */
    private readonly images: Map<Buffer, Image>,
  ) {}

  text(
    s: string,
    x: number,
    y: number,
    size: number,
    color: string,
    opts: { bold?: boolean; align?: 'left' | 'center' | 'right'; maxWidth?: number } = {},
  ): void {
    const ctx = this.ctx;
    ctx.font = font(size, opts.bold ?? false);
    ctx.fillStyle = color;
    ctx.textAlign = opts.align ?? 'left';
    ctx.textBaseline = 'middle';
    const shown = opts.maxWidth !== undefined ? ellipsize(s, size, opts.bold ?? false, opts.maxWidth) : s;
    ctx.fillText(shown, x, y);
  }

  rrect(
    x: number,
    y: number,
    w: number,
    h: number,
    r: number,
    fill: string | null,
    stroke?: string,
    lineWidth = 1,
  ): void {
    const ctx = this.ctx;
    ctx.beginPath();
    ctx.roundRect(x, y, w, h, r);
    if (fill) {
      ctx.fillStyle = fill;
      ctx.fill();
    }
    if (stroke) {
      ctx.strokeStyle = stroke;
      ctx.lineWidth = lineWidth;
      ctx.stroke();
    }
  }

  focusRing(b: Box, p: Palette, radius: number): void {
    if (!b.focused) return;
    this.rrect(b.x - 3, b.y - 3, b.w + 6, b.h + 6, radius + 3, null, p.focus, 3);
  }

  image(png: Buffer): Image | null {
    let img = this.images.get(png);
    if (!img) {
      try {
        img = new (loadCanvas().Image)();
        img.src = png;
      } catch {
        return null;
      }
      this.images.set(png, img);
    }
    return img.width > 0 ? img : null;
  }
}
