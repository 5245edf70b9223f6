import { ellipsize, font } from './fonts';
import type { Painter } from './painter';
import type { Palette, Theme } from './palette';
import type { Box } from './scene';

/** Draws one box by its drawing recipe (`draw`); its children are drawn after it, on top. */
export function drawBox(pt: Painter, b: Box, theme: Theme, p: Palette): void {
  const ctx = pt.ctx;
  const dim = b.enabled ? 1 : 0.45;
  ctx.globalAlpha = dim;
  switch (b.draw) {
    case 'status_bar': {
      const [left, right] = (b.detail ?? '\u0000').split('\u0000');
      const fg = b.color ?? p.text;
      pt.text(left ?? '', b.x + 24, b.y + b.h / 2 + 2, 15, fg, { bold: theme.platform === 'ios' });
      // Battery and signal, drawn as shapes so they look the same everywhere.
      const bx = b.x + b.w - 24 - 27;
      const by = b.y + b.h / 2 - 6;
      pt.rrect(bx, by, 25, 12, 3, null, fg, 1);
      ctx.fillStyle = fg;
      ctx.fillRect(bx + 2, by + 2, 21, 8);
      ctx.fillRect(bx + 26, by + 4, 2, 4);
      for (let i = 0; i < 4; i++) ctx.fillRect(bx - 30 + i * 5, by + 9 - i * 3, 3, 3 + i * 3);
      if (right) pt.text(right, bx - 36, b.y + b.h / 2 + 2, 13, fg, { align: 'right' });
      break;
    }
    case 'nav_bar': {
      ctx.fillStyle = theme.tv ? p.bg : p.surface;
      ctx.fillRect(b.x, b.y, b.w, b.h);
      ctx.fillStyle = p.separator;
      ctx.fillRect(b.x, b.y + b.h - 1, b.w, 1);
      const centered = theme.platform === 'ios' || theme.tv;
      const hasBack = b.children.length > 0;
      const tx = centered ? b.x + b.w / 2 : b.x + (hasBack ? 64 : 20);
      pt.text(b.text ?? '', tx, b.y + b.h / 2, theme.tv ? 24 : 17, p.text, {
        bold: true,
        align: centered ? 'center' : 'left',
        maxWidth: b.w - 200,
      });
      break;
    }
    case 'nav_back':
      pt.focusRing(b, p, 8);
      pt.text(b.detail ?? 'Back', b.x + 6, b.y + b.h / 2, 17, p.accent, { bold: theme.platform === 'android' });
      break;
    case 'text_title':
    case 'text_headline':
    case 'text_body':
    case 'text_caption':
    case 'text_error':
    case 'text_success': {
      const spec = {
        text_title: [28, true, p.text, 34],
        text_headline: [20, true, p.text, 26],
        text_body: [17, false, p.text, 22],
        text_caption: [13, false, p.muted, 18],
        text_error: [15, false, p.danger, 20],
        text_success: [15, false, p.success, 20],
      }[b.draw] as [number, boolean, string, number];
      const lines = (b.detail ?? b.text ?? '').split('\n');
      for (const [i, line] of lines.entries())
        pt.text(line, b.x, b.y + spec[3] * i + spec[3] / 2, spec[0], b.color ?? spec[2], { bold: spec[1] });
      break;
    }
    case 'button_primary':
    case 'button_secondary':
    case 'button_destructive': {
      const fill = b.draw === 'button_primary' ? p.accent : b.draw === 'button_destructive' ? p.danger : p.surface;
      const fg = b.draw === 'button_secondary' ? p.accent : p.accentText;
      pt.focusRing(b, p, 12);
      pt.rrect(
        b.x,
        b.y,
        b.w,
        b.h,
        theme.platform === 'android' ? b.h / 2 : Math.min(12, b.h / 3),
        fill,
        b.draw === 'button_secondary' ? p.separator : undefined,
      );
      buttonContent(pt, b, fg, b.h < 40 ? 15 : 17, true);
      break;
    }
    case 'button_link':
      pt.focusRing(b, p, 6);
      buttonContent(pt, b, p.accent, b.h < 36 ? 15 : 16, false);
      break;
    case 'input': {
      pt.rrect(b.x, b.y, b.w, b.h, 10, p.surface, b.focused ? p.accent : p.separator, b.focused ? 2 : 1);
      const value = b.text ?? '';
      if (value === '') {
        if (b.detail) pt.text(b.detail, b.x + 14, b.y + b.h / 2, 17, p.muted, { maxWidth: b.w - 28 });
      } else {
        pt.text(value, b.x + 14, b.y + b.h / 2, 17, p.text, { maxWidth: b.w - 28 });
      }
      if (b.focused) {
        ctx.font = font(17);
        const shown = ellipsize(value, 17, false, b.w - 28);
        const cx = value === '' ? b.x + 14 : b.x + 14 + ctx.measureText(shown).width + 1;
        ctx.fillStyle = p.accent;
        ctx.fillRect(cx, b.y + 11, 2, b.h - 22);
      }
      break;
    }
    case 'toggle': {
      pt.focusRing(b, p, 10);
      pt.rrect(b.x, b.y, b.w, b.h, 10, p.surface);
      pt.text(b.text ?? '', b.x + 16, b.y + b.h / 2, 17, p.text, { maxWidth: b.w - 100 });
      drawSwitch(pt, b, theme, p, { w: 51, h: 31, right: 12 });
      break;
    }
    case 'toggle_small': {
      pt.focusRing(b, p, 8);
      pt.text(b.text ?? '', b.x, b.y + b.h / 2, 15, p.text, { maxWidth: b.w - 48 });
      drawSwitch(pt, b, theme, p, { w: 36, h: 22, right: 0 });
      break;
    }
    case 'list_item': {
      ctx.fillStyle = b.focused ? (theme.tv ? '#2b3540' : '#e5e5ea') : p.surface;
      ctx.fillRect(b.x, b.y, b.w, b.h);
      ctx.fillStyle = p.separator;
      ctx.fillRect(b.x + 16, b.y + b.h - 1, b.w - 16, 1);
      if (b.detail) {
        pt.text(b.text ?? '', b.x + 16, b.y + 22, 17, p.text, { maxWidth: b.w - 48 });
        pt.text(b.detail, b.x + 16, b.y + 44, 13, p.muted, { maxWidth: b.w - 48 });
      } else {
        pt.text(b.text ?? '', b.x + 16, b.y + b.h / 2, 17, p.text, { maxWidth: b.w - 48 });
      }
      pt.text('›', b.x + b.w - 20, b.y + b.h / 2, 22, p.muted, { align: 'center' });
      if (b.focused && theme.tv) pt.rrect(b.x, b.y, b.w, b.h, 4, null, p.focus, 3);
      break;
    }
    case 'divider':
      ctx.fillStyle = p.separator;
      ctx.fillRect(b.x, b.y, b.w, b.h);
      break;
    case 'app_icon': {
      const size = Math.min(b.w - 16, b.h - 30);
      const ix = b.x + (b.w - size) / 2;
      const iy = b.y + 4;
      if (b.focused) pt.rrect(ix - 4, iy - 4, size + 8, size + 8, size * 0.25, null, p.focus, 3);
      const img = b.icon ? pt.image(b.icon) : null;
      if (img) {
        ctx.save();
        ctx.beginPath();
        ctx.roundRect(ix, iy, size, size, size * 0.22);
        ctx.clip();
        ctx.drawImage(img, ix, iy, size, size);
        ctx.restore();
      } else {
        pt.rrect(ix, iy, size, size, size * 0.22, b.color ?? p.accent);
        const letter = Array.from((b.text ?? '?').trim())[0]?.toUpperCase() ?? '?';
        pt.text(letter, ix + size / 2, iy + size / 2 + 1, size * 0.5, '#ffffff', { bold: true, align: 'center' });
      }
      pt.text(b.text ?? '', b.x + b.w / 2, iy + size + 14, 12, theme.tv ? p.text : '#ffffff', {
        align: 'center',
        maxWidth: b.w - 4,
      });
      break;
    }
    case 'tv_tile': {
      if (b.focused) pt.rrect(b.x - 6, b.y - 6, b.w + 12, b.h + 12, 14, null, p.focus, 4);
      const img = b.icon ? pt.image(b.icon) : null;
      pt.rrect(b.x, b.y, b.w, b.h, 10, b.color ?? p.accent);
      if (img) ctx.drawImage(img, b.x + b.w / 2 - 30, b.y + 14, 60, 60);
      else
        pt.text(Array.from((b.text ?? '?').trim())[0]?.toUpperCase() ?? '?', b.x + b.w / 2, b.y + 44, 40, '#ffffff', {
          bold: true,
          align: 'center',
        });
      pt.text(b.text ?? '', b.x + b.w / 2, b.y + b.h - 22, 16, '#ffffff', {
        bold: true,
        align: 'center',
        maxWidth: b.w - 16,
      });
      break;
    }
    case 'home_indicator':
      pt.rrect(b.x, b.y, b.w, b.h, b.h / 2, b.color ?? p.text);
      break;
    case 'scrim':
      ctx.fillStyle = 'rgba(0,0,0,0.4)';
      ctx.fillRect(b.x, b.y, b.w, b.h);
      break;
    case 'alert': {
      pt.rrect(b.x, b.y, b.w, b.h, 14, theme.tv || theme.dark ? p.surface : '#f9f9f9');
      const [titleLines, msgLines] = (b.detail ?? '\u0000').split('\u0000');
      let y = b.y + 20;
      for (const line of (titleLines ?? '').split('\n')) {
        pt.text(line, b.x + b.w / 2, y + 11, 17, p.text, { bold: true, align: 'center' });
        y += 22;
      }
      if (msgLines) {
        y += 6;
        for (const line of msgLines.split('\n')) {
          pt.text(line, b.x + b.w / 2, y + 9, 13, p.text, { align: 'center' });
          y += 18;
        }
      }
      break;
    }
    case 'alert_button': {
      ctx.fillStyle = p.separator;
      ctx.fillRect(b.x, b.y, b.w, 1);
      if (b.focused) pt.rrect(b.x + 2, b.y + 2, b.w - 4, b.h - 4, 8, theme.tv ? '#2b3540' : '#e5e5ea');
      const color = b.detail === 'destructive' ? p.danger : p.accent;
      pt.text(b.text ?? '', b.x + b.w / 2, b.y + b.h / 2, 17, color, {
        bold: b.detail === 'cancel',
        align: 'center',
        maxWidth: b.w - 12,
      });
      break;
    }
    case 'placeholder': {
      const [title, sub] = (b.detail ?? '\u0000').split('\u0000');
      pt.rrect(b.x + b.w / 2 - 48, b.y + b.h / 2 - 140, 96, 96, 22, b.color ?? p.accent);
      pt.text(Array.from(title ?? '?')[0]?.toUpperCase() ?? '?', b.x + b.w / 2, b.y + b.h / 2 - 92, 48, '#ffffff', {
        bold: true,
        align: 'center',
      });
      pt.text(title ?? '', b.x + b.w / 2, b.y + b.h / 2 - 10, 22, p.text, {
        bold: true,
        align: 'center',
        maxWidth: b.w - 40,
      });
      pt.text(sub ?? '', b.x + b.w / 2, b.y + b.h / 2 + 22, 14, p.muted, { align: 'center', maxWidth: b.w - 40 });
      pt.text('No simdeck-app.json in this package', b.x + b.w / 2, b.y + b.h / 2 + 48, 13, p.muted, {
        align: 'center',
        maxWidth: b.w - 40,
      });
      break;
    }
    case 'root': {
      if (b.color) {
        const g = ctx.createLinearGradient(0, 0, 0, b.h);
        g.addColorStop(0, b.color);
        g.addColorStop(1, theme.tv ? '#000000' : '#1c1c3c');
        ctx.fillStyle = g;
        ctx.fillRect(b.x, b.y, b.w, b.h);
      }
      break;
    }
    case 'container':
    case 'spacer':
    case 'inline_text':
      break;
  }
  ctx.globalAlpha = 1;
}

/** The glyph each of app-model's BUTTON_ICONS draws (all in the bundled font). */
/** A toggle's switch of `w`×`h`, `right` from the box's right edge, centred in its height. */
function drawSwitch(
  pt: Painter,
  b: Box,
  theme: Theme,
  p: Palette,
  size: { w: number; h: number; right: number },
): void {
  const { w: sw, h: sh } = size;
  const sx = b.x + b.w - sw - size.right;
  const sy = b.y + (b.h - sh) / 2;
  pt.rrect(sx, sy, sw, sh, sh / 2, b.checked ? (theme.platform === 'ios' ? '#34c759' : p.accent) : '#d1d1d6');
  const ctx = pt.ctx;
  ctx.beginPath();
  ctx.arc(b.checked ? sx + sw - sh / 2 : sx + sh / 2, sy + sh / 2, sh / 2 - 2, 0, Math.PI * 2);
  ctx.fillStyle = '#ffffff';
  ctx.fill();
}

const GLYPHS: Record<string, string> = {
  plus: '+',
  close: '✕',
  more: '⋯',
  heart: '♥',
  star: '★',
  settings: '⚙',
  edit: '✎',
  menu: '☰',
  share: '⇪',
  info: 'ℹ',
};

/** A button's glyph and drawn label (`detail`), centred together. */
function buttonContent(pt: Painter, b: Box, fg: string, size: number, bold: boolean): void {
  const label = b.detail ?? b.text ?? '';
  const glyph = b.glyph ? (GLYPHS[b.glyph] ?? '?') : '';
  if (!glyph) {
    pt.text(label, b.x + b.w / 2, b.y + b.h / 2, size, fg, { bold, align: 'center', maxWidth: b.w - (bold ? 24 : 0) });
    return;
  }
  if (!label) {
    pt.text(glyph, b.x + b.w / 2, b.y + b.h / 2, Math.round(b.h * 0.5), fg, { align: 'center' });
    return;
  }
  pt.ctx.font = font(size, bold);
  const lw = Math.min(pt.ctx.measureText(label).width, b.w - 40);
  const left = b.x + (b.w - lw - 22) / 2;
  pt.text(glyph, left + 8, b.y + b.h / 2, size, fg, { align: 'center' });
  pt.text(label, left + 22, b.y + b.h / 2, size, fg, { bold, maxWidth: b.w - 40 });
}
