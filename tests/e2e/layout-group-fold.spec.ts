// A grouped layout's header rows fold: the triangle hides and shows the group's rows, the keyboard
// folds a focused header as it folds a summary (Alt+Shift+- / Alt+Shift+=), the header keeps its
// count, an edit elsewhere leaves the fold as it is, and a command on a header touches no row.
// Screenshots in en and ru.
import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { newRow } from '../../src/domain/wbs/types';
import { addRowsByApi, api, scheduleInNewSpace, signedIn } from './platform-helpers';
import { shownRows } from './workbench-helpers';

const DAY = 480;

test('group headers fold and unfold their rows', async ({ page, request }) => {
  const s = await scheduleInNewSpace(request, 'groupfold');
  const as = <T>(method: 'GET' | 'POST' | 'PUT', p: string, data?: unknown) =>
    api<T>(request, s.account, method, p, data, s.spaceId);
  const [version] = await as<{ id: string; revision: number }[]>(
    'GET',
    `/schedules/${s.scheduleId}/versions`,
  );
  const zone = await as<{ key: string }>('POST', '/eps/attributes', {
    name: 'Zone',
    type: 'text',
    scope: 'space',
    node_id: null,
  });
  const frame = randomUUID();
  const task = (key: string, name: string, days: number, z: string) =>
    newRow(randomUUID(), 'task', frame, key, { name, duration: days * DAY, attributes: { [zone.key]: z } });
  await addRowsByApi(request, s, version!, [
    newRow(frame, 'sum', null, 'a0', { name: 'Frame' }),
    task('a0', 'Columns L1', 5, 'North'),
    task('a1', 'Slab L1', 2, 'South'),
    task('a2', 'Walls L1', 8, 'North'),
    task('a3', 'Paint', 3, 'South'),
  ]);
  const visible = (id: string) => ({ id, width: id === 'name' ? 200 : 90, visible: true });
  await as('POST', '/layout-templates', {
    name: 'By zone',
    settings: {
      columns: ['code', 'name', 'duration', 'start', 'finish'].map(visible),
      frozen: 0,
      sort: [{ column: 'duration', dir: 'desc' }],
      group_by: `attr:${zone.key}`,
      color_by: null,
      row_height: 26,
    },
  });

  await signedIn(page, s.account, `/${s.spaceId}/schedule/${s.scheduleId}?version=${version!.id}`);
  const grid = page.getByRole('grid');
  await expect(grid.getByRole('gridcell', { name: 'Walls L1' })).toBeVisible();
  await page.getByRole('button', { name: 'Layouts…' }).click();
  await page.getByRole('button', { name: 'Apply: By zone' }).click();
  const open = ['# North', 'Walls L1', 'Columns L1', '# South', 'Paint', 'Slab L1'];
  await expect.poll(() => shownRows(page)).toEqual(open);
  const north = page.locator('[data-group="North"]');
  const south = page.locator('[data-group="South"]');

  // The triangle folds North: its rows go, the header still counts them.
  await north.getByRole('button', { name: 'Collapse' }).click();
  await expect.poll(() => shownRows(page)).toEqual(['# North', '# South', 'Paint', 'Slab L1']);
  await expect(north).toHaveAttribute('aria-expanded', 'false');
  await expect(north).toContainText('2 activities');

  // The keyboard on the South header: Alt+Shift+- folds it, Delete there deletes nothing.
  await south.click();
  await expect(south).toHaveAttribute('aria-selected', 'true');
  await expect(grid).toBeFocused();
  await page.keyboard.press('Alt+Shift+-');
  await expect.poll(() => shownRows(page)).toEqual(['# North', '# South']);
  await page.screenshot({ path: 'test-results/layout-group-fold-en.png' });
  await page.keyboard.press('Delete');
  await page.keyboard.press('Alt+Shift+=');
  await expect.poll(() => shownRows(page)).toEqual(['# North', '# South', 'Paint', 'Slab L1']);

  // An edit in South re-sorts it; North stays folded.
  await grid.getByRole('gridcell', { name: 'Slab L1' }).click();
  await page.keyboard.press('ArrowRight');
  await page.keyboard.type('9');
  await page.keyboard.press('Enter');
  await expect.poll(() => shownRows(page)).toEqual(['# North', '# South', 'Slab L1', 'Paint']);

  // The triangle unfolds North again.
  await north.getByRole('button', { name: 'Expand' }).click();
  await expect
    .poll(() => shownRows(page))
    .toEqual(['# North', 'Walls L1', 'Columns L1', '# South', 'Slab L1', 'Paint']);

  await north.getByRole('button', { name: 'Collapse' }).click();
  await page.getByRole('combobox', { name: 'Language' }).selectOption('ru');
  await expect(north.getByRole('button', { name: 'Развернуть' })).toBeVisible();
  await page.screenshot({ path: 'test-results/layout-group-fold-ru.png' });
});
