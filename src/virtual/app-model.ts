import { z } from 'zod';
import { valueDeeperThan } from '../json-depth';

/**
 * The `simdeck-app.json` model a virtual device runs for an installed app (APK:
 * `assets/simdeck-app.json`, iOS bundle: next to Info.plist). See docs/virtual-devices.md.
 */

export type Scalar = string | number | boolean;
const ScalarSchema = z.union([z.string(), z.number(), z.boolean()]);

export type Condition =
  | { var: string; equals?: Scalar; notEquals?: Scalar; empty?: boolean; notEmpty?: boolean }
  | { all: Condition[] }
  | { any: Condition[] }
  | { not: Condition };

export const ConditionSchema: z.ZodType<Condition> = z.lazy(() =>
  z.union([
    z.strictObject({ all: z.array(ConditionSchema).min(1) }),
    z.strictObject({ any: z.array(ConditionSchema).min(1) }),
    z.strictObject({ not: ConditionSchema }),
    z.strictObject({
      var: z.string().min(1),
      equals: ScalarSchema.optional(),
      notEquals: ScalarSchema.optional(),
      empty: z.boolean().optional(),
      notEmpty: z.boolean().optional(),
    }),
  ]),
);

export interface AlertSpec {
  title: string;
  message?: string;
  buttons?: { label: string; id?: string; style?: 'default' | 'cancel' | 'destructive'; action?: Action[] }[];
}

export type Action =
  | { navigate: string }
  | { replace: string }
  | { reset: string }
  | { back: true }
  | { set: Record<string, Scalar> }
  | { toggle: string }
  | { alert: AlertSpec }
  | { if: Condition; then?: Action[]; else?: Action[] }
  | { exit: true }
  /** Shows the system prompt when undecided; the answer (true/false) lands in `bind`. */
  | { requestPermission: { permission: ModelPermission; bind: string } }
  /** Shows the photo picker; the picked file's name (or "" when cancelled) lands in `bind`. */
  | { pickPhoto: { bind: string } }
  | { log: { level: 'info' | 'warn' | 'error'; message: string } }
  | { crash: string };

export const MODEL_PERMISSIONS = ['camera', 'microphone', 'location', 'photos', 'contacts', 'notifications'] as const;
export type ModelPermission = (typeof MODEL_PERMISSIONS)[number];

const AlertSchema: z.ZodType<AlertSpec> = z.lazy(() =>
  z.strictObject({
    title: z.string(),
    message: z.string().optional(),
    buttons: z
      .array(
        z.strictObject({
          label: z.string().min(1),
          id: z.string().optional(),
          style: z.enum(['default', 'cancel', 'destructive']).optional(),
          action: z.array(ActionSchema).optional(),
        }),
      )
      .max(3)
      .optional(),
  }),
);

export const ActionSchema: z.ZodType<Action> = z.lazy(() =>
  z.union([
    z.strictObject({ navigate: z.string().min(1) }),
    z.strictObject({ replace: z.string().min(1) }),
    z.strictObject({ reset: z.string().min(1) }),
    z.strictObject({ back: z.literal(true) }),
    z.strictObject({ set: z.record(z.string().min(1), ScalarSchema) }),
    z.strictObject({ toggle: z.string().min(1) }),
    z.strictObject({ alert: AlertSchema }),
    z.strictObject({
      if: ConditionSchema,
      then: z.array(ActionSchema).optional(),
      else: z.array(ActionSchema).optional(),
    }),
    z.strictObject({ exit: z.literal(true) }),
    z.strictObject({
      requestPermission: z.strictObject({ permission: z.enum(MODEL_PERMISSIONS), bind: z.string().min(1) }),
    }),
    z.strictObject({ pickPhoto: z.strictObject({ bind: z.string().min(1) }) }),
    z.strictObject({
      log: z.strictObject({ level: z.enum(['info', 'warn', 'error']), message: z.string().max(4000) }),
    }),
    z.strictObject({ crash: z.string().max(4000) }),
  ]),
);

/** A deep link: a pattern such as `sample://items/{id}`, the screen it opens and values it sets. */
const DeepLinkSchema = z.strictObject({
  pattern: z
    .string()
    .max(500)
    .regex(/^[A-Za-z][A-Za-z0-9+.-]*:\/\/\S*$/, 'a deep link pattern is scheme://path with {name} placeholders'),
  screen: z.string().min(1),
  /** Values set when the link opens; `{{link.name}}` reads a placeholder of the pattern. */
  set: z.record(z.string().min(1), ScalarSchema).optional(),
});
export type DeepLink = z.infer<typeof DeepLinkSchema>;

const HexColor = z.string().regex(/^#[0-9a-fA-F]{6}$/, 'a colour is #rrggbb');

/** The glyphs an icon button may show. */
export const BUTTON_ICONS = [
  'plus',
  'close',
  'more',
  'heart',
  'star',
  'settings',
  'edit',
  'menu',
  'share',
  'info',
] as const;

const common = {
  /** Accessibility identifier / resource-id. */
  id: z.string().min(1).optional(),
  visibleIf: ConditionSchema.optional(),
  enabledIf: ConditionSchema.optional(),
};

const ListItemSchema = z.strictObject({
  id: z.string().min(1).optional(),
  title: z.string(),
  subtitle: z.string().optional(),
  /** Values exposed to templates and actions of this item as `{{item.<key>}}`. */
  data: z.record(z.string(), ScalarSchema).optional(),
  action: z.array(ActionSchema).optional(),
});

export const ElementSchema = z.discriminatedUnion('type', [
  z.strictObject({
    type: z.literal('text'),
    ...common,
    text: z.string(),
    style: z.enum(['title', 'headline', 'body', 'caption', 'error', 'success']).optional(),
    /** The text's colour, #rrggbb, instead of its style's. */
    color: HexColor.optional(),
  }),
  z.strictObject({
    type: z.literal('button'),
    ...common,
    /** The text drawn on the button; a button with an `icon` may have none. */
    label: z.string().min(1).optional(),
    /** A glyph drawn on the button (before its label, if any). */
    icon: z.enum(BUTTON_ICONS).optional(),
    /** The name assistive technologies read, instead of the label. */
    accessibilityLabel: z.string().min(1).optional(),
    style: z.enum(['primary', 'secondary', 'destructive', 'link']).optional(),
    /** A compact button (30 pt high, as wide as its content). */
    size: z.enum(['regular', 'small']).optional(),
    action: z.array(ActionSchema).optional(),
  }),
  z.strictObject({
    type: z.literal('input'),
    ...common,
    bind: z.string().min(1),
    label: z.string().optional(),
    placeholder: z.string().optional(),
    secure: z.boolean().optional(),
    maxLength: z.number().int().min(1).max(10_000).optional(),
    /** Runs when ENTER is pressed while this input has focus. */
    submit: z.array(ActionSchema).optional(),
  }),
  z.strictObject({
    type: z.literal('toggle'),
    ...common,
    bind: z.string().min(1),
    label: z.string(),
    /** A compact switch (32 pt high, as wide as its label). */
    size: z.enum(['regular', 'small']).optional(),
    action: z.array(ActionSchema).optional(),
  }),
  z.strictObject({
    type: z.literal('list'),
    ...common,
    items: z.array(ListItemSchema).max(10_000).optional(),
    /** Generates `count` items; `{{n}}` (1-based) is replaced in title, subtitle, id and data. */
    repeat: z
      .strictObject({
        count: z.number().int().min(1).max(10_000),
        id: z.string().optional(),
        title: z.string(),
        subtitle: z.string().optional(),
        data: z.record(z.string(), ScalarSchema).optional(),
        action: z.array(ActionSchema).optional(),
      })
      .optional(),
  }),
  z.strictObject({ type: z.literal('spacer'), ...common, height: z.number().min(0).max(2000).optional() }),
  z.strictObject({ type: z.literal('divider'), ...common }),
]);
export type Element = z.infer<typeof ElementSchema>;
export type ListItem = z.infer<typeof ListItemSchema>;

export const ScreenSchema = z.strictObject({
  title: z.string(),
  /** Hides the navigation bar (e.g. a sign-in screen). */
  hideNavBar: z.boolean().optional(),
  elements: z.array(ElementSchema),
});
export type Screen = z.infer<typeof ScreenSchema>;

export const AppModelSchema = z
  .strictObject({
    $schema: z.string().optional(),
    /** Shown on the home screen when the package itself carries no label. */
    name: z.string().optional(),
    /** Launcher icon colour, #rrggbb. */
    color: HexColor.optional(),
    /** Initial values of state variables; they persist across relaunch until clear_data/uninstall. */
    state: z.record(z.string().min(1), ScalarSchema).optional(),
    /** Variables held in memory only: every launch starts them from these values (a counter on screen). */
    memory: z.record(z.string().min(1), ScalarSchema).optional(),
    /** Screen shown at launch: a screen id, or the first matching rule. */
    initialScreen: z.string().min(1),
    launchRules: z.array(z.strictObject({ if: ConditionSchema, screen: z.string().min(1) })).optional(),
    screens: z.record(z.string().min(1), ScreenSchema),
    /** Links the app opens (docs/virtual-devices.md). */
    deepLinks: z.array(DeepLinkSchema).max(50).optional(),
    /** The screen a tapped notification opens; `{{notification.title}}` and `{{notification.data.key}}` read it. */
    notificationRoute: z.string().min(1).optional(),
  })
  .superRefine((m, ctx) => {
    const ids = new Set(Object.keys(m.screens));
    const check = (id: string, path: (string | number)[]) => {
      if (!ids.has(id)) ctx.addIssue({ code: 'custom', path, message: `unknown screen "${id}"` });
    };
    check(m.initialScreen, ['initialScreen']);
    for (const [i, r] of (m.launchRules ?? []).entries()) check(r.screen, ['launchRules', i, 'screen']);
    for (const [i, l] of (m.deepLinks ?? []).entries()) check(l.screen, ['deepLinks', i, 'screen']);
    if (m.notificationRoute !== undefined) check(m.notificationRoute, ['notificationRoute']);
    const walk = (actions: Action[] | undefined, path: (string | number)[]) => {
      actions?.forEach((a, i) => {
        const p = [...path, i];
        if ('navigate' in a) check(a.navigate, [...p, 'navigate']);
        else if ('replace' in a) check(a.replace, [...p, 'replace']);
        else if ('reset' in a) check(a.reset, [...p, 'reset']);
        else if ('if' in a) {
          walk(a.then, [...p, 'then']);
          walk(a.else, [...p, 'else']);
        } else if ('alert' in a)
          for (const [j, b] of (a.alert.buttons ?? []).entries())
            walk(b.action, [...p, 'alert', 'buttons', j, 'action']);
      });
    };
    for (const [sid, s] of Object.entries(m.screens)) {
      s.elements.forEach((e, i) => {
        const p = ['screens', sid, 'elements', i];
        if (e.type === 'button' && e.label === undefined && e.icon === undefined)
          ctx.addIssue({ code: 'custom', path: [...p, 'label'], message: 'a button has a label, an icon or both' });
        if (e.type === 'button' || e.type === 'toggle') walk(e.action, [...p, 'action']);
        if (e.type === 'input') walk(e.submit, [...p, 'submit']);
        if (e.type === 'list') {
          for (const [j, it] of (e.items ?? []).entries()) walk(it.action, [...p, 'items', j, 'action']);
          walk(e.repeat?.action, [...p, 'repeat', 'action']);
        }
      });
    }
  });
export type AppModel = z.infer<typeof AppModelSchema>;

export class AppModelError extends Error {}

/** Nesting of arrays and objects a model may have (actions and conditions nest a few levels). */
const MAX_APP_MODEL_DEPTH = 64;

/** Parses and validates a model; the error names the first bad paths. */
export function parseAppModel(json: string): AppModel {
  let raw: unknown;
  try {
    raw = JSON.parse(json);
  } catch (err) {
    throw new AppModelError(`simdeck-app.json is not valid JSON: ${(err as Error).message}`);
  }
  // Checked without recursion before the schema (whose actions and conditions nest) walks it.
  if (valueDeeperThan(raw, MAX_APP_MODEL_DEPTH))
    throw new AppModelError(`simdeck-app.json is nested deeper than ${MAX_APP_MODEL_DEPTH} levels`);
  const r = AppModelSchema.safeParse(raw);
  if (!r.success) {
    const msg = r.error.issues
      .slice(0, 5)
      .map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`)
      .join('; ');
    throw new AppModelError(`simdeck-app.json is invalid: ${msg}`);
  }
  return r.data;
}
