import {
  androidActivityNameProblem,
  buttonNameProblem,
  inputEventProblem,
  keyNameProblem,
  launchParamsProblem,
  packageNameProblem,
  rotationProblem,
  textProblem,
} from './device-arguments';
import type { DeviceType, InputEvent, LaunchParams, Rotation } from './driver';
import { DeviceDriverError } from './driver-error';

/**
 * The rules of device-arguments.ts as assertions, for the drivers and command builders: a value
 * becomes a tool's argument only after its rule passed (INVALID_INPUT otherwise). The worker
 * client already checked the command against the catalog; these hold where a driver is called
 * directly and guard the step that builds an argv or a device shell line.
 */

function refuse(problem: string | null): void {
  if (problem) throw new DeviceDriverError('INVALID_INPUT', problem);
}

export function assertPackageName(platform: DeviceType, value: unknown): asserts value is string {
  refuse(packageNameProblem(platform, value));
}

export function assertActivityName(value: unknown): asserts value is string {
  refuse(androidActivityNameProblem(value));
}

export function assertLaunchParams(value: unknown): asserts value is LaunchParams | undefined {
  refuse(launchParamsProblem(value));
}

export function assertKeyName(value: unknown): asserts value is string {
  refuse(keyNameProblem(value));
}

export function assertButtonName(value: unknown): asserts value is string {
  refuse(buttonNameProblem(value));
}

export function assertText(value: unknown): asserts value is string {
  refuse(textProblem(value));
}

export function assertRotation(value: unknown): asserts value is Rotation {
  refuse(rotationProblem(value));
}

export function assertInputEvent(value: unknown): asserts value is InputEvent {
  refuse(inputEventProblem(value));
}
