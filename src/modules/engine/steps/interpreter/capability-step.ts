/** Device capability steps: what the interpreter's device phrases act on, and what recordings keep. */

export const CAPABILITY_STEP_TYPES = [
  'open_url',
  'set_location',
  'set_permission',
  'set_appearance',
  'set_network',
  'set_clipboard',
] as const;
export type CapabilityStepType = (typeof CAPABILITY_STEP_TYPES)[number];

/** A device capability as a step acts on it, and as a recording keeps it. */
export interface CapabilityStep {
  type: CapabilityStepType;
  url?: string;
  latitude?: number;
  longitude?: number;
  permission?: string;
  state?: 'granted' | 'denied' | 'reset';
  mode?: string;
  text?: string;
}
