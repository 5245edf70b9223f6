#!/usr/bin/env node
// Runs the TypeScript CLI through tsx, so the package works without a build step.
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const require = createRequire(import.meta.url);
const tsx = require.resolve('tsx/cli');
const r = spawnSync(process.execPath, [tsx, path.join(here, '..', 'src', 'cli', 'simdeck.ts'), ...process.argv.slice(2)], { stdio: 'inherit' });
process.exit(r.status ?? 1);
