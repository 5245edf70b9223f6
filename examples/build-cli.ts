/**
 * The command line of the example apps that plant bugs (`examples/build-*-app.ts`): run as a script,
 * each builds its app into an APK and an iOS simulator bundle zip, each correct and with its planted
 * bugs, and prints the files it wrote.
 */
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { buggyModelBytes } from './planted-bugs';
import { buildVirtualApk, buildVirtualIosZip, EXAMPLE_BUILD_DIR, type VirtualAppSpec } from './virtual-app-package';

/** Whether the module at `moduleUrl` (its `import.meta.url`) is the script node was asked to run. */
export function runAsScript(moduleUrl: string): boolean {
  const script = process.argv[1];
  return script !== undefined && moduleUrl === pathToFileURL(script).href;
}

/**
 * Builds `<name>.apk`, `<Name>.app.zip`, `<name>-buggy.apk` and `<Name>-buggy.app.zip` (`Name` is the
 * bundle name) into `outDir` (the command's first argument, or `./data/example-apps`) and prints them.
 */
export async function buildCorrectAndBuggy(
  spec: VirtualAppSpec,
  modelPath: string,
  bugsPath: string,
  outDir = path.resolve(process.argv[2] ?? EXAMPLE_BUILD_DIR),
): Promise<string[]> {
  const correct = fs.readFileSync(modelPath);
  const buggy = buggyModelBytes(modelPath, bugsPath);
  const name = spec.bundleName;
  const built = [
    await buildVirtualApk(spec, path.join(outDir, `${name.toLowerCase()}.apk`), correct),
    await buildVirtualIosZip(spec, path.join(outDir, `${name}.app.zip`), correct),
    await buildVirtualApk(spec, path.join(outDir, `${name.toLowerCase()}-buggy.apk`), buggy),
    await buildVirtualIosZip(spec, path.join(outDir, `${name}-buggy.app.zip`), buggy),
  ];
  console.log(built.map((f) => `built ${f}`).join('\n'));
  return built;
}
