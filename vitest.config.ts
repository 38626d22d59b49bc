import { defineConfig } from 'vitest/config';

// Integration tests run on PGlite (from a migrated template, tests/server/support/global-setup.ts),
// and again on PostgreSQL, one fresh schema per test file, when TEST_DATABASE_URL is set.
// Two files at a time: Vitest's default is one worker on a 2-core machine (cores − 1), and both
// projects share one pool, so the 142 files ran one after another while a file mostly keeps one
// core busy (its test thread and its PGlite thread take turns; on PostgreSQL the server works while
// Node waits). Files share nothing but ./data (paths under a random space id) and, on PostgreSQL,
// the database (a schema each; the live-event channel and the migration lock are shared, which a
// second server process on one database has to bear anyway).
const integration = (name: string, env: Record<string, string>) => ({
  test: {
    name,
    include: ['tests/server/**/*.test.ts'],
    environment: 'node',
    globalSetup: ['tests/server/support/global-setup.ts'],
    env,
    testTimeout: 30_000,
    hookTimeout: 60_000,
    maxWorkers: 2,
    // One module graph per worker, not per file: each file imported the whole server again
    // (about 4.6 s a file, 725 s of the 1,148 s run on both databases). Files share no module
    // state that matters — each opens its own app and database — and none mocks modules or
    // timers. On a quiet machine: PGlite 83 files in 7.0 min, PostgreSQL in 3.0 min.
    isolate: false,
    // A run of every project: the unit files (one worker) first, then these (a group of their own,
    // as Vitest wants for projects of different maxWorkers).
    sequence: { groupOrder: 1 },
  },
});

// Pure tests, two files at a time (Vitest's default is one worker on a 2-core machine). The domain
// files share one module graph per worker (isolate: false; nothing in them holds module state that
// a file sets up), which took the unit run from 193 s to about 65 s; the client's files keep their
// own graph each.
const unit = (name: string, include: string, isolate: boolean) => ({
  test: {
    name,
    include: [include],
    environment: 'node',
    // Property tests over big inputs take 1–3 s alone and over 5 s (the default) on a busy
    // 2-core machine: a limit that fails on load, not on a fault, only makes CI flaky.
    testTimeout: 30_000,
    maxWorkers: 2,
    isolate,
  },
});

// Two suites: fast pure tests (the gate) and integration tests over HTTP and a real database.
export default defineConfig({
  test: {
    projects: [
      unit('unit', 'tests/{domain,api,cli}/**/*.test.{ts,tsx}', false),
      // The client's stores are module state that these tests set up afresh per file.
      unit('unit-client', 'tests/{state,ui,app}/**/*.test.{ts,tsx}', true),
      integration('integration', { TEST_TARGET: 'pglite' }),
      ...(process.env.TEST_DATABASE_URL ? [integration('integration-pg', { TEST_TARGET: 'postgres' })] : []),
    ],
  },
});
