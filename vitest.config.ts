import { defineConfig } from 'vitest/config';

const shared = { testTimeout: 30_000, hookTimeout: 120_000 };

export default defineConfig({
  test: {
    globalSetup: ['test/harness/global-setup.ts'],
    pool: 'forks',
    // Most files wait on sockets and the database, so two at a time keep both of CI's cores busy
    // (vitest's default is one fewer worker than cores: one on a 2-core machine).
    maxWorkers: 2,
    ...shared,
    projects: [
      { extends: true, test: { name: 'unit', include: ['src/**/*.unit.test.ts', 'test/**/*.unit.test.ts'] } },
      { extends: true, test: { name: 'service', include: ['src/**/*.test.ts'], exclude: ['src/**/*.unit.test.ts', 'src/**/*.http.test.ts'] } },
      { extends: true, test: { name: 'http', include: ['src/**/*.http.test.ts', 'test/**/*.http.test.ts'] } },
      { extends: true, test: { name: 'e2e', include: ['test/e2e/**/*.test.ts'] } },
    ],
  },
});
