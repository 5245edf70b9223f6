/**
 * Builds a virtual model of Maestro's own demo app (the app its end-to-end flows run against: a
 * counter, a login form, a text input) so that those public flows run on simdeck's virtual devices.
 * Only the screens and texts the flows reach are modelled (examples/maestro-demo-app/).
 * Usage: npx tsx examples/build-maestro-demo-app.ts [outDir]   (default: ./data/example-apps, not tracked)
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { buildVirtualApk, EXAMPLE_BUILD_DIR, type VirtualAppSpec } from './virtual-app-package';

const here = path.dirname(fileURLToPath(import.meta.url));
export const MAESTRO_DEMO_MODEL_PATH = path.join(here, 'maestro-demo-app', 'simdeck-app.json');

export const MAESTRO_DEMO_APP = {
  packageName: 'dev.simdeck.maestrodemo',
  label: 'Maestro Demo',
  versionName: '1.0.0',
  versionCode: 1,
  minSdk: 26,
  targetSdk: 34,
  minimumOsVersion: '16.0',
  permissions: ['android.permission.INTERNET'],
  bundleName: 'MaestroDemo',
  icon: { color: '#02569b', letter: 'M' },
  plistExtras: {},
} as const satisfies VirtualAppSpec;

export function buildMaestroDemoApk(
  outPath: string,
  model: Buffer = fs.readFileSync(MAESTRO_DEMO_MODEL_PATH),
): Promise<string> {
  return buildVirtualApk(MAESTRO_DEMO_APP, outPath, model);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const outDir = path.resolve(process.argv[2] ?? EXAMPLE_BUILD_DIR);
  fs.mkdirSync(outDir, { recursive: true });
  const apk = await buildMaestroDemoApk(path.join(outDir, 'maestro-demo.apk'));
  console.log(`Wrote ${apk}`);
}
