// Migrates one template PGlite once and dumps it; each test file opens its database from the dump
// (about 0.2 s instead of 1.5 s for a fresh one).
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { dumpTemplate } from '../../../src/server/db';

export default async function setup(project: TestProject) {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'pw-template-'));
  const file = path.join(dir, 'template.tar');
  await writeFile(file, Buffer.from(await (await dumpTemplate()).arrayBuffer()));
  project.provide('templatePath', file);
  return async () => rm(dir, { recursive: true, force: true });
}

declare module 'vitest' {
  export interface ProvidedContext {
    templatePath: string;
  }
}
