import { defineConfig } from 'vitest/config';

/** Three projects: unit (fast, no server), api (real app + real database), e2e (built console + Chromium). */
export default defineConfig({
  test: {
    projects: [
      // unit: 60 s a test, as some emit the whole project's generated code (~15 s on a loaded 2-core machine)
      { test: { name: 'unit', include: ['tests/unit/**/*.test.{ts,tsx}', 'print-plugin/test/**/*.test.ts'], environment: 'node', testTimeout: 60_000 } },
      { test: { name: 'api', include: ['tests/api/**/*.test.ts'], environment: 'node', testTimeout: 60_000, hookTimeout: 120_000, fileParallelism: false } },
      { test: { name: 'e2e', include: ['tests/e2e/**/*.test.ts'], globalSetup: ['tests/e2e/global-setup.ts'], environment: 'node', testTimeout: 180_000, hookTimeout: 300_000, fileParallelism: false } },
    ],
  },
});
