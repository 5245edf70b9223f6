#!/usr/bin/env node
// Runs the TypeScript CLI in this process through tsx's loader, so the package works without a
// build step (and `simdeck mcp` talks on this process's own stdin and stdout).
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { register } from 'tsx/esm/api';

const here = path.dirname(fileURLToPath(import.meta.url));
register();
await import(pathToFileURL(path.join(here, '..', 'src', 'cli', 'simdeck.ts')).href);
