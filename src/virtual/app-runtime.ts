import type { Action, AlertSpec, AppModel, Condition, Element, ListItem, Scalar } from './app-model';
import { box, collectFocusable, nextFocus, type Box, type Direction, type DrawKind } from './scene';
import { textWidth, wrapText, ellipsize } from './fonts';

export type Vars = Record<string, Scalar>;

/** Where an app's variables live between launches (the device keeps one file per app). */
export interface VarStore {
  load(): Vars | null;
  save(vars: Vars): void;
}

export interface RuntimeEnv {
  platform: 'ios' | 'android';
  tv: boolean;
}

export interface Area {
  x: number;
  y: number;
  w: number;
  h: number;
}

interface StackEntry {
  screen: string;
  scroll: number;
}

interface Scope {
  item?: Record<string, Scalar>;
}

export const NAV_BAR_HEIGHT = 52;
const PAD = 20;
const GAP = 12;
const TV_MAX_WIDTH = 720;
const TEXT_SIZES: Record<string, { size: number; bold: boolean; draw: DrawKind; line: number }> = {
  title: { size: 28, bold: true, draw: 'text_title', line: 34 },
  headline: { size: 20, bold: true, draw: 'text_headline', line: 26 },
  body: { size: 17, bold: false, draw: 'text_body', line: 22 },
  caption: { size: 13, bold: false, draw: 'text_caption', line: 18 },
  error: { size: 15, bold: false, draw: 'text_error', line: 20 },
  success: { size: 15, bold: false, draw: 'text_success', line: 20 },
};

/** Replaces `{{name}}`, `{{item.key}}` and `{{params.key}}` with current values ("" when unset). */
export function renderTemplate(text: string, vars: Vars, scope: Scope = {}, params: Vars = {}): string {
  return text.replace(/\{\{\s*([\w.-]+)\s*\}\}/g, (_m, name: string) => {
    let v: Scalar | undefined;
    if (name.startsWith('item.')) v = scope.item?.[name.slice(5)];
    else if (name.startsWith('params.')) v = params[name.slice(7)];
    else v = vars[name];
    return v === undefined ? '' : String(v);
  });
}

/** Evaluates a condition; `var: "params.x"` reads a launch parameter. */
export function evaluate(cond: Condition, vars: Vars, params: Vars = {}): boolean {
  if ('all' in cond) return cond.all.every((c) => evaluate(c, vars, params));
  if ('any' in cond) return cond.any.some((c) => evaluate(c, vars, params));
  if ('not' in cond) return !evaluate(cond.not, vars, params);
  const v = cond.var.startsWith('params.') ? params[cond.var.slice(7)] : vars[cond.var];
  const isEmpty = v === undefined || v === '' || v === false;
  if (cond.empty !== undefined && isEmpty !== cond.empty) return false;
  if (cond.notEmpty !== undefined && isEmpty === cond.notEmpty) return false;
  if (cond.equals !== undefined && v !== cond.equals) return false;
  if (cond.notEquals !== undefined && v === cond.notEquals) return false;
  return true;
}

/**
 * One running app on a virtual device: navigation stack, variables, focus, alert. Input is
 * resolved against the last layout, which the device refreshes before every event.
 */
export class AppRuntime {
  vars: Vars;
  stack: StackEntry[];
  alert: { spec: AlertSpec; scope: Scope } | null = null;
  /** Focus key of the input receiving text. */
  editing: string | null = null;
  /** Focus key of the d-pad focus (TV) or the last activated control. */
  focus: string | null = null;
  exited = false;
  private view = { top: 0, bottom: 0 };
  private last: { root: Box; area: Area; contentArea: Area; contentHeight: number } | null = null;

  constructor(
    readonly model: AppModel,
    readonly env: RuntimeEnv,
    private readonly store: VarStore,
    readonly params: Vars = {},
  ) {
    this.vars = { ...(model.state ?? {}), ...(store.load() ?? {}) };
    const rule = model.launchRules?.find((r) => evaluate(r.if, this.vars, params));
    this.stack = [{ screen: rule?.screen ?? model.initialScreen, scroll: 0 }];
  }

  get screenId(): string {
    return this.stack[this.stack.length - 1]!.screen;
  }

  private get top(): StackEntry {
    return this.stack[this.stack.length - 1]!;
  }

  // ---- actions -------------------------------------------------------------------------------

  run(actions: Action[] | undefined, scope: Scope = {}): void {
    for (const a of actions ?? []) {
      if (this.exited) return;
      if ('navigate' in a) this.go(() => this.stack.push({ screen: a.navigate, scroll: 0 }));
      else if ('replace' in a) this.go(() => (this.stack[this.stack.length - 1] = { screen: a.replace, scroll: 0 }));
      else if ('reset' in a) this.go(() => (this.stack = [{ screen: a.reset, scroll: 0 }]));
      else if ('back' in a) this.back();
      else if ('exit' in a) this.exited = true;
      else if ('set' in a) {
        for (const [k, v] of Object.entries(a.set)) {
          this.vars[k] = typeof v === 'string' ? renderTemplate(v, this.vars, scope, this.params) : v;
        }
        this.persist();
      } else if ('toggle' in a) {
        this.vars[a.toggle] = !(this.vars[a.toggle] === true);
        this.persist();
      } else if ('alert' in a) this.alert = { spec: a.alert, scope };
      else if ('if' in a) this.run(evaluate(a.if, this.vars, this.params) ? a.then : a.else, scope);
    }
  }

  private go(change: () => void): void {
    change();
    this.editing = null;
    this.focus = null;
  }

  private persist(): void {
    this.store.save(this.vars);
  }

  /** BACK / edge swipe / nav bar back. Returns false when there is nothing to go back to. */
  back(): boolean {
    if (this.alert) {
      this.alert = null;
      return true;
    }
    if (this.editing) {
      this.editing = null;
      return true;
    }
    if (this.stack.length > 1) {
      this.go(() => this.stack.pop());
      return true;
    }
    return false;
  }

  // ---- input ---------------------------------------------------------------------------------

  scrollBy(dy: number): boolean {
    if (!this.last || this.alert) return false;
    const max = Math.max(0, this.last.contentHeight - this.last.contentArea.h);
    const next = Math.min(max, Math.max(0, this.top.scroll + dy));
    if (next === this.top.scroll) return false;
    this.top.scroll = next;
    return true;
  }

  typeText(text: string): boolean {
    const el = this.editing ? this.findElement(this.editing) : null;
    if (el?.type !== 'input') return false;
    const current = String(this.vars[el.bind] ?? '');
    let next = current + text;
    if (el.maxLength !== undefined) next = next.slice(0, el.maxLength);
    this.vars[el.bind] = next;
    this.persist();
    return true;
  }

  /** Android keycode names without KEYCODE_. Returns whether anything changed. */
  key(key: string): boolean {
    const k = key.toUpperCase();
    if (k === 'BACK' || k === 'ESCAPE') return this.back();
    if (k === 'DEL' || k === 'BACKSPACE') {
      const el = this.editing ? this.findElement(this.editing) : null;
      if (el?.type !== 'input') return false;
      const current = String(this.vars[el.bind] ?? '');
      if (current === '') return false;
      this.vars[el.bind] = Array.from(current).slice(0, -1).join('');
      this.persist();
      return true;
    }
    if (k === 'DPAD_UP' || k === 'DPAD_DOWN' || k === 'DPAD_LEFT' || k === 'DPAD_RIGHT') {
      return this.moveFocus(k.slice(5).toLowerCase() as Direction);
    }
    if (k === 'DPAD_CENTER' || k === 'ENTER' || k === 'NUMPAD_ENTER') {
      if (this.editing && k !== 'DPAD_CENTER') {
        const el = this.findElement(this.editing);
        this.editing = null;
        if (el?.type === 'input') this.run(el.submit);
        return true;
      }
      const focused = this.focusedBox();
      if (focused?.onActivate) {
        focused.onActivate();
        return true;
      }
      return false;
    }
    if (k === 'TAB') return this.moveFocus('down');
    // Character keycodes type their character into the focused input, as on Android.
    const ch = /^[A-Z0-9]$/.test(k) ? k.toLowerCase() : k === 'SPACE' ? ' ' : null;
    if (ch !== null) return this.typeText(ch);
    return false;
  }

  tap(hit: Box | null): boolean {
    if (!hit) {
      if (this.editing) {
        this.editing = null;
        return true;
      }
      return false;
    }
    if (hit.draw === 'scrim') return false;
    if (this.editing && hit.focusKey !== this.editing) this.editing = null;
    hit.onActivate?.();
    return true;
  }

  private focusedBox(): Box | undefined {
    if (!this.last) return undefined;
    this.layout(this.last.area);
    const all = collectFocusable(this.last.root);
    return all.find((b) => b.focusKey === this.focus);
  }

  private moveFocus(dir: Direction): boolean {
    if (!this.last) return false;
    this.layout(this.last.area);
    const all = collectFocusable(this.last.root);
    const current = all.find((b) => b.focusKey === this.focus);
    const next = nextFocus(all, current, dir);
    if (!next || next === current) {
      // At the edge of the visible part: scroll to reveal more content.
      if (dir === 'down') return this.scrollBy(120);
      if (dir === 'up') return this.scrollBy(-120);
      return false;
    }
    this.focus = next.focusKey!;
    this.editing = null;
    const ca = this.last.contentArea;
    if (next.y + next.h > ca.y + ca.h) this.scrollBy(next.y + next.h - (ca.y + ca.h) + GAP);
    else if (next.y < ca.y) this.scrollBy(next.y - ca.y - GAP);
    return true;
  }

  private findElement(key: string): Element | null {
    const [screen, index] = key.split(':');
    if (screen !== this.screenId) return null;
    return this.model.screens[screen]?.elements[Number(index)] ?? null;
  }

  // ---- layout --------------------------------------------------------------------------------

  /** Lays out the current screen inside `area` (points). */
  layout(area: Area): Box {
    const screen = this.model.screens[this.screenId]!;
    const tv = this.env.tv;
    const root = box({
      role: 'screen',
      draw: 'container',
      text: renderTemplate(screen.title, this.vars, {}, this.params),
      x: area.x,
      y: area.y,
      w: area.w,
      h: area.h,
      id: this.screenId,
    });
    let top = area.y;
    if (!screen.hideNavBar) {
      const navH = tv ? 64 : NAV_BAR_HEIGHT;
      const nav = box({
        role: 'navigation_bar',
        draw: 'nav_bar',
        text: root.text,
        x: area.x,
        y: top,
        w: area.w,
        h: navH,
        detail: this.env.platform,
      });
      if (this.stack.length > 1) {
        const label = this.env.platform === 'ios' ? '‹ Back' : '←';
        nav.children.push(
          box({
            role: 'button',
            draw: 'nav_back',
            text: 'Back',
            detail: label,
            id: 'nav-back',
            x: area.x + 8,
            y: top + 6,
            w: this.env.platform === 'ios' ? 90 : 48,
            h: navH - 12,
            focusKey: `${this.screenId}:nav-back`,
            onActivate: () => this.back(),
          }),
        );
      }
      root.children.push(nav);
      top += navH;
    }
    const contentArea: Area = { x: area.x, y: top, w: area.w, h: area.y + area.h - top };
    const content = box({
      role: 'scroll_view',
      draw: 'container',
      x: contentArea.x,
      y: contentArea.y,
      w: contentArea.w,
      h: contentArea.h,
      clip: true,
      hidden: true,
    });
    root.children.push(content);
    const innerW = Math.min(area.w - PAD * 2, tv ? TV_MAX_WIDTH : 10_000);
    const left = area.x + Math.round((area.w - innerW) / 2);
    let y = top + PAD - this.top.scroll;
    const visibleTop = contentArea.y;
    const visibleBottom = contentArea.y + contentArea.h;
    this.view = { top: visibleTop, bottom: visibleBottom };
    const add = (b: Box) => {
      if (b.y + b.h > visibleTop && b.y < visibleBottom) content.children.push(b);
    };
    screen.elements.forEach((el, index) => {
      if (el.visibleIf && !evaluate(el.visibleIf, this.vars, this.params)) return;
      const enabled = el.enabledIf ? evaluate(el.enabledIf, this.vars, this.params) : true;
      const key = `${this.screenId}:${index}`;
      const h = this.layoutElement(el, key, enabled, left, y, innerW, add);
      y += h + GAP;
    });
    const contentHeight = y - (top - this.top.scroll) + PAD - GAP;
    if (this.alert) root.children.push(this.layoutAlert(area));
    this.last = { root, area, contentArea, contentHeight };
    // Keep scroll valid if content shrank (e.g. an error text disappeared).
    const max = Math.max(0, contentHeight - contentArea.h);
    if (this.top.scroll > max) {
      this.top.scroll = max;
      return this.layout(area);
    }
    if (this.env.tv && this.focus === null) {
      const all = collectFocusable(root);
      const first = all.find((b) => !b.focusKey!.endsWith(':nav-back')) ?? all[0];
      if (first) {
        this.focus = first.focusKey!;
        return this.layout(area);
      }
    }
    return root;
  }

  private isFocused(key: string): boolean {
    // Touch screens show focus only on the input being edited; TVs show the d-pad focus.
    return this.env.tv ? this.focus === key : this.editing === key;
  }

  private layoutElement(
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
        const text = renderTemplate(el.text, this.vars, {}, this.params);
        const lines = wrapText(text, st.size, st.bold, w);
        const h = lines.length * st.line;
        add(box({ role: 'text', draw: st.draw, text, detail: lines.join('\n'), id, x, y, w, h, enabled }));
        return h;
      }
      case 'button': {
        const style = el.style ?? 'primary';
        const h = style === 'link' ? 36 : 50;
        const draw = `button_${style}` as DrawKind;
        add(
          box({
            role: 'button',
            draw,
            text: renderTemplate(el.label, this.vars, {}, this.params),
            id,
            x,
            y,
            w,
            h,
            enabled,
            focused: this.isFocused(key),
            focusKey: key,
            onActivate: () => {
              this.focus = key;
              this.run(el.action);
            },
          }),
        );
        return h;
      }
      case 'input': {
        const labelH = el.label ? 22 : 0;
        const value = String(this.vars[el.bind] ?? '');
        const shown = el.secure ? '•'.repeat(Array.from(value).length) : value;
        if (el.label)
          add(box({ role: 'text', draw: 'text_caption', text: el.label, detail: el.label, x, y, w, h: 18 }));
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
            focused: this.isFocused(key),
            checked: undefined,
            focusKey: key,
            onActivate: () => {
              this.focus = key;
              this.editing = key;
            },
          }),
        );
        return labelH + 44;
      }
      case 'toggle': {
        const on = this.vars[el.bind] === true;
        add(
          box({
            role: 'toggle',
            draw: 'toggle',
            text: renderTemplate(el.label, this.vars, {}, this.params),
            id,
            x,
            y,
            w,
            h: 52,
            enabled,
            checked: on,
            focused: this.isFocused(key),
            focusKey: key,
            onActivate: () => {
              this.focus = key;
              this.vars[el.bind] = !on;
              this.persist();
              this.run(el.action);
            },
          }),
        );
        return 52;
      }
      case 'list': {
        const items = listItems(el);
        const itemH = 64;
        const list = box({ role: 'list', draw: 'container', id, x, y, w, h: items.length * itemH, enabled });
        // Only rows inside the viewport (plus one either side on TV, so d-pad focus can reach them).
        const extra = this.env.tv ? 1 : 0;
        const first = Math.max(0, Math.floor((this.view.top - y) / itemH) - extra);
        const lastRow = Math.min(items.length - 1, Math.floor((this.view.bottom - y) / itemH) + extra);
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
          const subtitle = item.subtitle ? renderTemplate(item.subtitle, this.vars, scope, this.params) : undefined;
          list.children.push(
            box({
              role: 'list_item',
              draw: 'list_item',
              text: renderTemplate(item.title, this.vars, scope, this.params),
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
              focused: this.isFocused(ik),
              focusKey: ik,
              onActivate: () => {
                this.focus = ik;
                this.run(item.action, scope);
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

  private layoutAlert(area: Area): Box {
    const spec = this.alert!.spec;
    const scope = this.alert!.scope;
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
    const title = renderTemplate(spec.title, this.vars, scope, this.params);
    const message = spec.message ? renderTemplate(spec.message, this.vars, scope, this.params) : '';
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
          focused: this.focus === fk,
          focusKey: fk,
          onActivate: () => {
            this.alert = null;
            this.focus = null;
            this.run(b.action, scope);
          },
        }),
      );
    });
    if (this.env.tv && !dialog.children.some((c) => c.focused)) {
      const first = dialog.children.find((c) => c.focusKey !== undefined)!;
      first.focused = true;
      this.focus = first.focusKey!;
    }
    scrim.children.push(dialog);
    return scrim;
  }
}

export function listItems(el: Extract<Element, { type: 'list' }>): ListItem[] {
  const items: ListItem[] = [...(el.items ?? [])];
  const r = el.repeat;
  if (r) {
    for (let n = 1; n <= r.count; n++) {
      const sub = (s: string) => s.replaceAll('{{n}}', String(n));
      items.push({
        id: r.id ? sub(r.id) : undefined,
        title: sub(r.title),
        subtitle: r.subtitle ? sub(r.subtitle) : undefined,
        data: r.data
          ? Object.fromEntries(Object.entries(r.data).map(([k, v]) => [k, typeof v === 'string' ? sub(v) : v]))
          : undefined,
        action: r.action,
      });
    }
  }
  return items;
}

export { textWidth, ellipsize };
