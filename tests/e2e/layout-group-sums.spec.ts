// A group header rolls up every column as a WBS summary does: the demo schedule grouped by its
// Location attribute, the "Level 1" header's Volume and Price are the sums of the rows under it and
// its Start and Finish the earliest start and latest finish of those rows (read through the API
// after a calculation), written as the rows' cells are; the label keeps the column, value and
// count, and the text columns stay empty. Screenshots in en and ru.
import { expect as baseExpect, test } from '@playwright/test';
import { formatDate, formatNumber } from '../../src/domain/format';
import { api, registerAccount, signedIn } from './platform-helpers';
import { grid, shownRows } from './workbench-helpers';

/** The page opens a 237-row schedule and calculates it: on a loaded machine that takes seconds. */
const expect = baseExpect.configure({ timeout: 30_000 });

test.use({ viewport: { width: 1600, height: 900 } });

interface Item {
  id: string;
  parent_id: string | null;
  code: string;
  volume: number | null;
  price: number | null;
  attributes: Record<string, unknown>;
  es: number | null;
  ef: number | null;
}

test('group headers of the demo schedule sum volume and price and span their rows', async ({
  page,
  request,
}) => {
  test.setTimeout(150_000);
  const account = await registerAccount(request, 'groupsum');
  const space = await api<{ id: string }>(request, account, 'POST', '/space/create', { name: 'Group sums' });
  const as = <T>(method: 'GET' | 'POST' | 'PATCH', p: string, data?: unknown) =>
    api<T>(request, account, method, p, data, space.id);
  const demo = await as<{ schedule_id: string; version_id: string }>('POST', `/space/${space.id}/demo`);
  await as('PATCH', `/versions/${demo.version_id}/timetable/calculate/synchronous`);
  const { items } = await as<{ items: Item[] }>('GET', `/versions/${demo.version_id}/wbs`);
  const attrs = await as<{ items: { key: string; label: string }[] }>(
    'GET',
    `/versions/${demo.version_id}/attributes`,
  );
  const location = attrs.items.find((a) => a.label === 'Location')!.key;

  // The rows under "Level 1": rows without children whose Location is Level 1.
  const parents = new Set(items.map((i) => i.parent_id));
  const level1 = items.filter((i) => !parents.has(i.id) && i.attributes[location] === 'Level 1');
  expect(level1.length).toBeGreaterThan(3);
  const sum = (f: 'volume' | 'price') => level1.reduce((a, i) => a + (i[f] ?? 0), 0);
  expect(level1.some((i) => i.price !== null && i.volume !== null)).toBe(true);
  const start = Math.min(...level1.map((i) => i.es!));
  const finish = Math.max(...level1.map((i) => i.ef!));
  // The grid's finish: one at midnight ends the day before.
  const day = (m: number) => formatDate(m, 'DD.MM.YY', 'en');

  const visible = (id: string) => ({
    id,
    width: id === 'name' ? 200 : id === 'code' ? 64 : 84,
    visible: true,
  });
  await as('POST', '/layout-templates', {
    name: 'By location',
    settings: {
      columns: ['code', 'name', 'volume', 'price', 'start', 'finish', 'duration', 'progress', 'type'].map(
        visible,
      ),
      frozen: 2,
      sort: [],
      group_by: [`attr:${location}`],
      color_by: null,
      row_height: 26,
    },
  });

  await signedIn(page, account, `/${space.id}/schedule/${demo.schedule_id}?version=${demo.version_id}`);
  await expect(grid(page).locator('[role=row][data-row="0"]')).toBeVisible();
  await page.getByRole('button', { name: 'Layouts…' }).click();
  await page.getByRole('button', { name: 'Apply: By location' }).click();
  await page.keyboard.press('Escape');
  await expect.poll(async () => (await shownRows(page)).includes('# Level 1')).toBe(true);

  const header = page.locator('[data-group="Level 1"]');
  const cell = (field: string) => header.locator(`[role=gridcell][data-field="${field}"]`);
  await expect(header).toContainText('Location:');
  await expect(header).toContainText(`${level1.length} activities`);
  await expect(cell('volume')).toHaveText(formatNumber(sum('volume'), { lang: 'en' }));
  await expect(cell('price')).toHaveText(formatNumber(sum('price'), { lang: 'en' }));
  await expect(cell('start')).toHaveText(day(start));
  await expect(cell('finish')).toHaveText(day(finish % 1440 === 0 ? finish - 1 : finish));
  await expect(cell('duration')).toHaveText(/^\d+(\.\d+)?$/);
  await expect(cell('progress')).toHaveText(/^\d+$/);
  await expect(cell('type')).toHaveText('');
  // The span is in its columns, so the label no longer repeats it.
  await expect(header.locator('.wb-group-summary')).toHaveText(`${level1.length} activities`);

  // A row under the header reads the same way: its own price is one of the summed values.
  const priced = level1.find((i) => i.price !== null)!;
  const row = grid(page).locator('[role=row]', { hasText: priced.code }).first();
  await row.scrollIntoViewIfNeeded();
  await expect(row.locator('[data-field="price"]')).toHaveText(formatNumber(priced.price!, { lang: 'en' }));
  await header.scrollIntoViewIfNeeded();
  await page.screenshot({ path: 'test-results/layout-group-sums-en.png' });

  await page.getByRole('combobox', { name: 'Language' }).selectOption('ru');
  await expect(cell('price')).toHaveText(formatNumber(sum('price'), { lang: 'ru' }));
  await expect(header).toContainText('Location:');
  await page.screenshot({ path: 'test-results/layout-group-sums-ru.png' });
});
