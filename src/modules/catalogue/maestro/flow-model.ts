/**
 * Maestro flows as simdeck stores and runs them (docs/maestro.md,
 * docs/design/0034-maestro-flows.md): the file kept verbatim, and its commands read once at
 * import into a structure the engine runs without parsing YAML again.
 */

/** One command of a flow: its name, its YAML value as written, and where it is. */
export interface MaestroCommand {
  name: string;
  /** The command's value: a scalar, a mapping, or null (`- back`). */
  args: unknown;
  /** The file and 1-based line the command starts on. */
  file: string;
  line: number;
  /** Inline commands of `runFlow`, `repeat` and `retry`, read like the top level. */
  commands?: MaestroCommand[];
}

/** A flow file: its header and commands. */
export interface MaestroFlow {
  appId: string | null;
  name: string | null;
  tags: string[];
  env: Record<string, string>;
  onFlowStart: MaestroCommand[];
  onFlowComplete: MaestroCommand[];
  commands: MaestroCommand[];
}

/** A file of an imported flows folder: a flow (parsed) or a script (kept as text). */
export interface MaestroFile {
  /** The file's text; for a media file (`encoding: 'base64'`), its bytes in base64. */
  source: string;
  flow: MaestroFlow | null;
  encoding?: 'base64';
}

/**
 * What a Maestro case stores (`test_cases.maestro_flow`): its own file, and every file it can
 * reach (sub-flows and scripts, by their path in the folder), so a run needs nothing else.
 */
export interface StoredMaestroFlow {
  file: string;
  files: Record<string, MaestroFile>;
}

/** Commands whose device capability simdeck does not offer yet: refused at import, named. */
export const NOT_YET_SUPPORTED: Record<string, string> = {
  travel: 'simulated travel (locations) is not supported yet',
  assertWithAI: 'AI assertions are not supported (simdeck runs natural-language cases for that)',
  assertNoDefectsWithAI: 'AI assertions are not supported (simdeck runs natural-language cases for that)',
  extractTextWithAI: 'AI text extraction is not supported',
};

const LABELLED = ['label', 'optional'];

/** Fields a selector may have (in a mapping, or as `element:`/`from:`/`visible:`). */
export const SELECTOR_FIELDS = [
  'text',
  'id',
  'index',
  'point',
  'enabled',
  'checked',
  'focused',
  'selected',
  'below',
  'above',
  'leftOf',
  'rightOf',
  'containsChild',
  'childOf',
  'containsDescendants',
  ...LABELLED,
];

/** Selector fields that Maestro has and simdeck refuses, with why. */
export const UNSUPPORTED_SELECTOR_FIELDS: Record<string, string> = {
  width: 'matching by size is not supported',
  height: 'matching by size is not supported',
  tolerance: 'matching by size is not supported',
  traits: 'iOS traits are not in the UI tree simdeck reads',
  css: 'web selectors are not supported',
};

/** How each supported command may be written: the scalar forms it takes and its mapping's fields. */
export interface CommandShape {
  /** Accepts `- name` with no value. */
  bare?: boolean;
  /** Accepts a scalar value (`- tapOn: Login`); what it means is the command's own. */
  scalar?: boolean;
  /** The mapping's fields; `selector` adds every selector field. */
  fields?: string[];
  selector?: boolean;
  /** A field of the mapping holding inline commands. */
  commands?: boolean;
}

const SELECTOR_COMMAND: CommandShape = {
  scalar: true,
  selector: true,
  fields: ['repeat', 'delay', 'retryTapIfNoChange', 'waitToSettleTimeoutMs'],
};
const APP_COMMAND: CommandShape = { bare: true, scalar: true, fields: ['appId', ...LABELLED] };
const RANDOM: CommandShape = { bare: true, fields: ['length', ...LABELLED] };

export const COMMAND_SHAPES: Record<string, CommandShape> = {
  launchApp: {
    bare: true,
    scalar: true,
    fields: ['appId', 'clearState', 'clearKeychain', 'stopApp', 'arguments', 'permissions', ...LABELLED],
  },
  clearKeychain: { bare: true, fields: LABELLED },
  /** A list of media files, or `files:` with `label`/`optional` (read by the parser). */
  addMedia: { fields: ['files', ...LABELLED] },
  stopApp: APP_COMMAND,
  killApp: APP_COMMAND,
  clearState: APP_COMMAND,
  tapOn: SELECTOR_COMMAND,
  doubleTapOn: SELECTOR_COMMAND,
  longPressOn: SELECTOR_COMMAND,
  inputText: { scalar: true, fields: ['text', ...LABELLED] },
  inputRandomText: RANDOM,
  inputRandomNumber: RANDOM,
  inputRandomEmail: RANDOM,
  inputRandomPersonName: RANDOM,
  eraseText: { bare: true, scalar: true, fields: ['charactersToErase', ...LABELLED] },
  pasteText: { bare: true, fields: LABELLED },
  copyTextFrom: { scalar: true, selector: true },
  hideKeyboard: { bare: true, fields: LABELLED },
  pressKey: { scalar: true, fields: ['key', ...LABELLED] },
  back: { bare: true, fields: LABELLED },
  scroll: { bare: true, fields: LABELLED },
  scrollUntilVisible: {
    fields: ['element', 'direction', 'timeout', 'speed', 'visibilityPercentage', 'centerElement', ...LABELLED],
  },
  swipe: { fields: ['direction', 'start', 'end', 'duration', 'from', ...LABELLED] },
  assertVisible: { scalar: true, selector: true },
  assertNotVisible: { scalar: true, selector: true },
  assertTrue: { scalar: true, fields: ['condition', ...LABELLED] },
  waitForAnimationToEnd: { bare: true, fields: ['timeout', ...LABELLED] },
  extendedWaitUntil: { fields: ['visible', 'notVisible', 'timeout', ...LABELLED] },
  takeScreenshot: { scalar: true, fields: ['path', ...LABELLED] },
  setOrientation: { scalar: true, fields: ['orientation', ...LABELLED] },
  runFlow: { scalar: true, fields: ['file', 'when', 'env', ...LABELLED], commands: true },
  repeat: { fields: ['times', 'while', ...LABELLED], commands: true },
  retry: { fields: ['maxRetries', 'file', ...LABELLED], commands: true },
  evalScript: { scalar: true },
  runScript: { scalar: true, fields: ['file', 'env', ...LABELLED] },
  startRecording: { scalar: true, fields: ['path', ...LABELLED] },
  stopRecording: { bare: true, fields: LABELLED },
  openLink: { scalar: true, fields: ['link', 'autoVerify', 'browser', ...LABELLED] },
  setLocation: { fields: ['latitude', 'longitude', ...LABELLED] },
  setPermissions: { fields: ['appId', 'permissions', ...LABELLED] },
  setClipboard: { scalar: true, fields: ['text', ...LABELLED] },
  setAirplaneMode: { scalar: true },
  toggleAirplaneMode: { bare: true, fields: LABELLED },
};

export const HEADER_FIELDS = ['appId', 'name', 'tags', 'env', 'onFlowStart', 'onFlowComplete', 'jsEngine', 'url'];
export const CONDITION_FIELDS = ['visible', 'notVisible', 'true', 'platform'];

/** A command as one line of text, for step lists and run reports: `tapOn: Login`, `launchApp`. */
export function describeCommand(cmd: MaestroCommand): string {
  if (cmd.args === null || cmd.args === undefined) return cmd.name;
  if (typeof cmd.args !== 'object') return `${cmd.name}: ${String(cmd.args)}`.slice(0, 300);
  const o = cmd.args as Record<string, unknown>;
  if (typeof o.label === 'string') return o.label.slice(0, 300);
  const parts = Object.entries(o)
    .filter(([k]) => k !== 'commands')
    .map(([k, v]) => `${k}: ${typeof v === 'object' ? JSON.stringify(v) : String(v)}`);
  return `${cmd.name}: ${parts.join(', ')}`.slice(0, 300);
}
