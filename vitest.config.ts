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
        },
      },
      integration('integration', { TEST_TARGET: 'pglite' }),
      ...(process.env.TEST_DATABASE_URL ? [integration('integration-pg', { TEST_TARGET: 'postgres' })] : []),
    ],
  },
});
