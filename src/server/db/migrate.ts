// Runs migrations/NNN_*.sql in order, each once, in its own transaction; the same files on PGlite
// and PostgreSQL. An advisory lock keeps two starting servers from migrating at once.
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const dir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

/** Runs a multi-statement script on one connection; returns the rows of the last statement. */
export type ScriptRunner = (script: string) => Promise<Record<string, unknown>[]>;

export async function migrate(run: ScriptRunner): Promise<string[]> {
  const files = (await readdir(dir)).filter((f) => /^\d+_[\w-]+\.sql$/.test(f)).sort();
  const applied: string[] = [];
  await run(`SELECT pg_advisory_lock(72010);
    CREATE TABLE IF NOT EXISTS schema_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now());`);
  try {
    const have = new Set((await run('SELECT name FROM schema_migrations')).map((r) => String(r.name)));
    for (const file of files) {
      if (have.has(file)) continue;
      const text = await readFile(path.join(dir, file), 'utf8');
      // File names are checked by the pattern above, so quoting them inline is safe.
      await run(`BEGIN;\n${text}\n;INSERT INTO schema_migrations (name) VALUES ('${file}');\nCOMMIT;`);
      applied.push(file);
    }
  } catch (err) {
    await run('ROLLBACK').catch(() => undefined);
    throw err;
  } finally {
    await run('SELECT pg_advisory_unlock(72010)');
  }
  return applied;
}
