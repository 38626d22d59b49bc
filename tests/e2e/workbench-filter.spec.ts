// The schedule page's filter parameters: ?filter= (JSON condition) and ?filter_indicator= show the
// matching rows with their summaries, the strip says how many, Clear shows everything again, and
// a malformed filter is said while every row stays in view.
import { type Page, expect, test } from '@playwright/test';
import { openDemoSchedule } from './platform-helpers';

const rows = (page: Page) => page.getByRole('grid').locator('.wb-row');
const bar = (page: Page) => page.locator('.wb-filterbar');

/** The demo schedule open with its rows painted; returns its address without the query. */
async function openDemo(page: Page): Promise<string> {
  await openDemoSchedule(page);
  await expect(rows(page).first()).toBeVisible();
  const url = new URL(page.url());
  url.search = '';
  return url.toString();
}

/** Every row in view: a summary, or an activity passing `test`. */
async function everyRow(page: Page, test: (name: string, classes: string) => boolean): Promise<number> {
  const all = await rows(page).evaluateAll((els) =>
    els.map((el) => ({
      name: el.querySelector('[data-col="1"] .wb-text')?.textContent ?? '',
      classes: el.className,
    })),
  );
  for (const r of all)
    if (!r.classes.includes('wb-row-sum')) expect(test(r.name, r.classes), r.name).toBe(true);
  return all.filter((r) => !r.classes.includes('wb-row-sum')).length;
}

test('filter and filter_indicator in the address filter the workbench', async ({ page }) => {
  const base = await openDemo(page);
  const filter = JSON.stringify({ field: 'name', op: 'like', value: 'concrete' });
  await page.goto(`${base}?filter=${encodeURIComponent(filter)}`);
  await expect(bar(page)).toContainText('Custom filter: name like concrete');
  await expect(bar(page)).toContainText(/\d+ of \d+ rows/);
  await expect(rows(page).first()).toBeVisible();
  expect(await everyRow(page, (name) => /concrete/i.test(name))).toBeGreaterThanOrEqual(3);

  await page.goto(`${base}?filter_indicator=critical`);
  await expect(bar(page)).toContainText('Critical activities');
  // The indicator waits for the worker's schedule; then only critical activities remain.
  await expect(page.locator('.wb-row-critical').first()).toBeVisible();
  expect(await everyRow(page, (_, classes) => classes.includes('wb-row-critical'))).toBeGreaterThan(0);

  await page.getByRole('button', { name: 'Clear filter' }).click();
  await expect(bar(page)).toHaveCount(0);
  expect(new URL(page.url()).searchParams.has('filter_indicator')).toBe(false);
  await expect(page.locator('.wb-row:not(.wb-row-critical):not(.wb-row-sum)').first()).toBeVisible();

  await page.goto(`${base}?filter=${encodeURIComponent('{"field":"name","op":"contains"}')}`);
  await expect(page.getByRole('alert').filter({ hasText: 'not valid' })).toContainText('filter: op');
  await expect(page.locator('.wb-row:not(.wb-row-critical):not(.wb-row-sum)').first()).toBeVisible();
});
