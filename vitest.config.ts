import { defineConfig } from 'vitest/config';

/** Three projects: unit (fast, no server), api (real app + real database), e2e (built console + Chromium). */
export default defineConfig({
  test: {
    projects: [
      { test: { name: 'unit', include: ['tests/unit/**/*.test.{ts,tsx}', 'print-plugin/test/**/*.test.ts'], environment: 'node' } },
      { test: { name: 'api', include: ['tests/api/**/*.test.ts'], environment: 'node', testTimeout: 60_000, hookTimeout: 120_000, fileParallelism: false } },
      { test: { name: 'e2e', include: ['tests/e2e/**/*.test.ts'], globalSetup: ['tests/e2e/global-setup.ts'], environment: 'node', testTimeout: 180_000, hookTimeout: 300_000, fileParallelism: false } },
    ],
  },
});
