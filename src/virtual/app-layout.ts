import type { Action, AlertSpec, Element } from './app-model';
import { listItems, renderTemplate, type Scope, type Vars } from './app-templates';
import type { AppDeviceLink } from './device-conditions';
import { textWidth, wrapText } from './fonts';
import { box, type Box, type DrawKind } from './scene';

export interface RuntimeEnv {
  platform: 'ios' | 'android';
  tv: boolean;
  /** The device the app runs on (location, permissions, photos, clipboard); absent in bare runtimes. */
  device?: AppDeviceLink;
}

/** An alert on screen; `onAnswer` hears which button (by id) answered a system prompt. */
export interface AlertState {
  spec: AlertSpec;
  scope: Scope;
  onAnswer?: (buttonId: string | undefined) => void;
}

export interface Area {
  x: number;
  y: number;
  w: number;
  h: number;
}

/** The running app an element is laid out for; the boxes' actions change its state. */
export interface LayoutHost {
  readonly env: RuntimeEnv;
  readonly params: Vars;
  vars: Vars;
  focus: string | null;
  editing: string | null;
  alert: AlertState | null;
  run(actions: Action[] | undefined, scope?: Scope): void;
  persist(): void;
}

export const NAV_BAR_HEIGHT = 52;
export const PAD = 20;
export const GAP = 12;
export const TV_MAX_WIDTH = 720;
const TEXT_SIZES: Record<string, { size: number; bold: boolean; draw: DrawKind; line: number }> = {
  title: { size: 28, bold: true, draw: 'text_title', line: 34 },
  headline: { size: 20, bold: true, draw: 'text_headline', line: 26 },
  body: { size: 17, bold: false, draw: 'text_body', line: 22 },
  caption: { size: 13, bold: false, draw: 'text_caption', line: 18 },
  error: { size: 15, bold: false, draw: 'text_error', line: 20 },
  success: { size: 15, bold: false, draw: 'text_success', line: 20 },
};

const SMALL_BUTTON_H = 30;
const SMALL_TOGGLE_H = 32;

/** A button's size: full width, or (small, or an icon alone) as wide as what it shows. */
function buttonSize(small: boolean, link: boolean, label: string, icon: boolean, w: number): { w: number; h: number } {
  if (icon && label === '') return small ? { w: 28, h: 28 } : { w: 48, h: 48 };
  if (!small) return { w, h: link ? 36 : 50 };
  const content = Math.ceil(textWidth(label, 15, !link)) + (icon ? 22 : 0);
  return { w: Math.min(w, content + (link ? 12 : 24)), h: SMALL_BUTTON_H };
}

function isFocused(app: LayoutHost, key: string): boolean {
  // Touch screens show focus only on the input being edited; TVs show the d-pad focus.
  return app.env.tv ? app.focus === key : app.editing === key;
}

export function layoutElement(
  app: LayoutHost,
  view: { top: number; bottom: number },
  el: Element,
  key: string,
  enabled: boolean,
  x: number,
  y: number,
  w: number,
  add: (b: Box) => void,
): number {
  const id = el.id ?? null;
  switch (el.type) {
    case 'text': {
      const st = TEXT_SIZES[el.style ?? 'body']!;
      const text = renderTemplate(el.text, app.vars, {}, app.params);
      const lines = wrapText(text, st.size, st.bold, w);
      const h = lines.length * st.line;
      add(
        box({ role: 'text', draw: st.draw, text, detail: lines.join('\n'), id, x, y, w, h, enabled, color: el.color }),
      );
      return h;
    }
    case 'button': {
      const style = el.style ?? 'primary';
      const label = el.label === undefined ? '' : renderTemplate(el.label, app.vars, {}, app.params);
      const size = buttonSize(el.size === 'small', style === 'link', label, el.icon !== undefined, w);
      const draw = `button_${style}` as DrawKind;
      const name = el.accessibilityLabel ?? el.label;
      add(
        box({
          role: 'button',
          draw,
          // The name assistive technologies read: an icon alone has none.
          text: name === undefined ? null : renderTemplate(name, app.vars, {}, app.params),
          detail: label,
          glyph: el.icon,
          id,
          x,
          y,
          w: size.w,
          h: size.h,
          enabled,
          focused: isFocused(app, key),
          focusKey: key,
          onActivate: () => {
            app.focus = key;
            app.run(el.action);
          },
        }),
      );
      return size.h;
    }
    case 'input': {
      const labelH = el.label ? 22 : 0;
      const value = String(app.vars[el.bind] ?? '');
      const shown = el.secure ? '•'.repeat(Array.from(value).length) : value;
      const edit = () => {
        app.focus = key;
        app.editing = key;
      };
      // Tapping a field's label edits the field, as on Android and iOS.
      if (el.label)
        add(
          box({
            role: 'text',
            draw: 'text_caption',
            text: el.label,
            detail: el.label,
            x,
            y,
            w,
            h: 18,
            onActivate: edit,
          }),
        );
      add(
        box({
          role: 'input',
          draw: 'input',
          text: el.secure ? (value === '' ? '' : shown) : value,
          detail: el.placeholder ?? '',
          id,
          x,
          y: y + labelH,
          w,
          h: 44,
          enabled,
          focused: isFocused(app, key),
          checked: undefined,
          focusKey: key,
          onActivate: edit,
        }),
      );
      return labelH + 44;
    }
    case 'toggle': {
      const on = app.vars[el.bind] === true;
      const label = renderTemplate(el.label, app.vars, {}, app.params);
      const small = el.size === 'small';
      const h = small ? SMALL_TOGGLE_H : 52;
      add(
        box({
          role: 'toggle',
          draw: small ? 'toggle_small' : 'toggle',
          text: label,
          id,
          x,
          y,
          w: small ? Math.min(w, Math.ceil(textWidth(label, 15)) + 72) : w,
          h,
          enabled,
          checked: on,
          focused: isFocused(app, key),
          focusKey: key,
          onActivate: () => {
            app.focus = key;
            app.vars[el.bind] = !on;
            app.persist();
            app.run(el.action);
          },
        }),
      );
      return h;
    }
    case 'list': {
      const items = listItems(el);
      const itemH = 64;
      const list = box({ role: 'list', draw: 'container', id, x, y, w, h: items.length * itemH, enabled });
      // Only rows inside the viewport (plus one either side on TV, so d-pad focus can reach them).
      const extra = app.env.tv ? 1 : 0;
      const first = Math.max(0, Math.floor((view.top - y) / itemH) - extra);
      const lastRow = Math.min(items.length - 1, Math.floor((view.bottom - y) / itemH) + extra);
      for (let i = first; i <= lastRow; i++) {
        const item = items[i]!;
        const iy = y + i * itemH;
        const ik = `${key}:${i}`;
        const scope: Scope = {
          item: {
            ...(item.data ?? {}),
            title: item.title,
            subtitle: item.subtitle ?? '',
            id: item.id ?? '',
            index: i + 1,
          },
        };
        const subtitle = item.subtitle ? renderTemplate(item.subtitle, app.vars, scope, app.params) : undefined;
        list.children.push(
          box({
            role: 'list_item',
            draw: 'list_item',
            text: renderTemplate(item.title, app.vars, scope, app.params),
            detail: subtitle,
            // The subtitle is drawn by the row; this node lists it in the UI tree where the renderer draws it.
            children: subtitle
              ? [box({ role: 'text', draw: 'inline_text', text: subtitle, x: x + 16, y: iy + 36, w: w - 48, h: 16 })]
              : [],
            id: item.id ?? null,
            x,
            y: iy,
            w,
            h: itemH,
            enabled,
            focused: isFocused(app, ik),
            focusKey: ik,
            onActivate: () => {
              app.focus = ik;
              app.run(item.action, scope);
            },
          }),
        );
      }
      add(list);
      return items.length * itemH;
    }
    case 'spacer': {
      const h = el.height ?? 16;
      add(box({ role: 'spacer', draw: 'spacer', id, x, y, w, h, hidden: true }));
      return h;
    }
    case 'divider':
      add(box({ role: 'divider', draw: 'divider', id, x, y, w, h: 1, hidden: true }));
      return 1;
  }
}

export function layoutAlert(app: LayoutHost, area: Area): Box {
  const spec = app.alert!.spec;
  const scope = app.alert!.scope;
  const scrim = box({
    role: 'alert',
    draw: 'scrim',
    text: null,
    x: area.x,
    y: area.y,
    w: area.w,
    h: area.h,
    hidden: true,
  });
  const w = Math.min(300, area.w - 40);
  const title = renderTemplate(spec.title, app.vars, scope, app.params);
  const message = spec.message ? renderTemplate(spec.message, app.vars, scope, app.params) : '';
  const titleLines = wrapText(title, 17, true, w - 32);
  const msgLines = message ? wrapText(message, 13, false, w - 32) : [];
  const buttons =
    spec.buttons && spec.buttons.length > 0
      ? spec.buttons
      : [{ label: 'OK' as string, id: undefined, style: 'default' as const, action: undefined }];
  const textH = 20 + titleLines.length * 22 + (msgLines.length ? 6 + msgLines.length * 18 : 0) + 20;
  const stacked = buttons.length > 2;
  const btnH = 44;
  const h = textH + (stacked ? btnH * buttons.length : btnH);
  const x = area.x + Math.round((area.w - w) / 2);
  const y = area.y + Math.round((area.h - h) / 2);
  const dialog = box({
    role: 'alert',
    draw: 'alert',
    text: title,
    detail: [titleLines.join('\n'), msgLines.join('\n')].join('\u0000'),
    id: 'alert',
    x,
    y,
    w,
    h,
  });
  if (msgLines.length > 0) {
    // The dialog draws its message; this node lists it in the UI tree at the place it is drawn.
    const msgY = y + 20 + titleLines.length * 22 + 6;
    dialog.children.push(
      box({
        role: 'text',
        draw: 'inline_text',
        text: message,
        x: x + 16,
        y: msgY,
        w: w - 32,
        h: msgLines.length * 18,
      }),
    );
  }
  buttons.forEach((b, i) => {
    const bw = stacked ? w : w / buttons.length;
    const bx = stacked ? x : x + i * bw;
    const by = stacked ? y + textH + i * btnH : y + textH;
    const fk = `alert:${i}`;
    dialog.children.push(
      box({
        role: 'button',
        draw: 'alert_button',
        text: b.label,
        detail: b.style ?? 'default',
        id: b.id ?? null,
        x: Math.round(bx),
        y: by,
        w: Math.round(bw),
        h: btnH,
        focused: app.focus === fk,
        focusKey: fk,
        onActivate: () => {
          const answer = app.alert?.onAnswer;
          app.alert = null;
          app.focus = null;
          answer?.(b.id);
          app.run(b.action, scope);
        },
      }),
    );
  });
  if (app.env.tv && !dialog.children.some((c) => c.focused)) {
    const first = dialog.children.find((c) => c.focusKey !== undefined)!;
    first.focused = true;
    app.focus = first.focusKey!;
  }
  scrim.children.push(dialog);
  return scrim;
}
