// The built client as the server serves it: screens' addresses get the page, build files are
// served as files, and a build file that is not there is a 404 (never the page in its place).
import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { startHarness, type Harness } from './support/harness';

let dir: string;
let h: Harness;

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'pw-client-'));
  await mkdir(path.join(dir, 'assets'));
  await writeFile(path.join(dir, 'index.html'), '<!doctype html><title>app</title>');
  await writeFile(path.join(dir, 'assets', 'index-abc123.js'), 'export const a = 1;');
  h = await startHarness({ clientDir: dir });
});

afterAll(async () => {
  await h?.close();
  await rm(dir, { recursive: true, force: true });
});

test('a screen address gets the page', async () => {
  const res = await h.app.inject({ method: 'GET', url: '/some-space/schedule/x?version=y' });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toContain('text/html');
  expect(res.body).toContain('<title>app</title>');
});

test('a build file is served with a long cache life', async () => {
  const res = await h.app.inject({ method: 'GET', url: '/assets/index-abc123.js' });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toContain('javascript');
  expect(res.headers['cache-control']).toContain('immutable');
});

test('a build file of another build is a 404, not the page', async () => {
  const res = await h.app.inject({ method: 'GET', url: '/assets/SchedulePage-old999.js' });
  expect(res.statusCode).toBe(404);
  expect(res.headers['content-type']).not.toContain('text/html');
  expect(res.json()).toMatchObject({ error: 'NotFound' });
});
