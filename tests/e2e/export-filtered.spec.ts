// The workbench's Export follows its filter: the menu says how many rows the file will hold, and
// the file has the rows the grid shows (with their summaries), not the whole version.
import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { readAnySchedule } from '../../src/domain/io/read-any';
import { openDemoSchedule } from './platform-helpers';

test('a filtered workbench exports the rows it shows', async ({ page }) => {
  await openDemoSchedule(page);
  const rows = page.getByRole('grid').locator('.wb-row');
  await expect(rows.first()).toBeVisible();
  const url = new URL(page.url());
  url.searchParams.set('filter', JSON.stringify({ field: 'name', op: 'like', value: 'concrete' }));
  await page.goto(url.toString());
  const bar = page.locator('.wb-filterbar');
  await expect(bar).toContainText(/[1-9]\d* of \d+ rows/);
  const all = Number(/of (\d+) rows/.exec((await bar.textContent())!)![1]);

  await page.getByRole('button', { name: 'Export', exact: true }).click();
  const menu = page.getByRole('menu', { name: 'Export the version' });
  await expect(menu).toContainText(/Only the [1-9]\d* rows the filter shows/);
  const shown = Number(/Only the (\d+) rows/.exec((await menu.textContent())!)![1]);
  await page.screenshot({ path: '/tmp/export-filtered-en.png' });
  const [download, request] = await Promise.all([
    page.waitForEvent('download'),
    page.waitForRequest((r) => r.method() === 'POST' && /\/export\/json$/.test(r.url())),
    menu.getByRole('menuitem', { name: /JSON/ }).click(),
  ]);
  // A filter over stored values goes as the filter itself: the server evaluates it.
  const body = request.postDataJSON() as { filter?: string; item_ids?: string[] };
  expect(body.item_ids).toBeUndefined();
  expect(JSON.parse(body.filter!)).toEqual({ field: 'name', op: 'like', value: 'concrete' });
  const model = await readAnySchedule(new Uint8Array(await readFile((await download.path())!)), 'x.json');
  expect(model.activities).toHaveLength(shown);
  expect(shown).toBeLessThan(all);
  const parents = new Set(model.activities.map((a) => a.parentId));
  for (const a of model.activities) if (!parents.has(a.id)) expect(a.name).toMatch(/concrete/i);
});

test('a filter on dates exports the rows the grid shows', async ({ page }) => {
  await openDemoSchedule(page);
  await expect(page.getByRole('grid').locator('.wb-row').first()).toBeVisible();
  const url = new URL(page.url());
  // Works starting from the middle of the demo's span (a date column: the worker answers it).
  url.searchParams.set(
    'filter',
    JSON.stringify({
      match: 'all',
      conditions: [
        { field: 'start', op: 'gte', value: '2026-06-01' },
        { field: 'type', op: 'ne_text', value: 'sum' },
      ],
    }),
  );
  await page.goto(url.toString());
  const bar = page.locator('.wb-filterbar');
  await expect(bar).toContainText(/[1-9]\d* of \d+ rows/);
  const all = Number(/of (\d+) rows/.exec((await bar.textContent())!)![1]);
  await page.getByRole('button', { name: 'Export', exact: true }).click();
  const menu = page.getByRole('menu', { name: 'Export the version' });
  const shown = Number(/Only the (\d+) rows/.exec((await menu.textContent())!)![1]);
  expect(shown).toBeLessThan(all);
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    menu.getByRole('menuitem', { name: /JSON/ }).click(),
  ]);
  const model = await readAnySchedule(new Uint8Array(await readFile((await download.path())!)), 'x.json');
  expect(model.activities).toHaveLength(shown);
});
