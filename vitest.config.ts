import { defineConfig } from 'vitest/config';

// Integration tests run on PGlite (from a migrated template, tests/server/support/global-setup.ts),
// and again on PostgreSQL, one fresh schema per test file, when TEST_DATABASE_URL is set.
const integration = (name: string, env: Record<string, string>) => ({
  test: {
    name,
    include: ['tests/server/**/*.test.ts'],
    environment: 'node',
    globalSetup: ['tests/server/support/global-setup.ts'],
    env,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});

// Two suites: fast pure tests (the gate) and integration tests over HTTP and a real database.
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['tests/{domain,state,ui,api,cli,app}/**/*.test.{ts,tsx}'],
          environment: 'node',
          // Property tests over big inputs take 1–3 s alone and over 5 s (the default) on a busy
          // 2-core machine: a limit that fails on load, not on a fault, only makes CI flaky.
          testTimeout: 30_000,
        },
      },
      integration('integration', { TEST_TARGET: 'pglite' }),
      ...(process.env.TEST_DATABASE_URL ? [integration('integration-pg', { TEST_TARGET: 'postgres' })] : []),
    ],
  },
});
