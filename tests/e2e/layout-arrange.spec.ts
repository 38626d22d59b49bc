// A layout template's sort and grouping in the workbench: applied from the Layouts dialog, the
// rows gather under a header row per value of the grouping attribute (empty value last), sorted
// by duration inside each group; a group header is not a row to edit; the arrangement stays with
// the version's layout after a reload; "Show the WBS order" brings the tree back.
import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { newRow } from '../../src/domain/wbs/types';
import { addRowsByApi, api, scheduleInNewSpace, signedIn } from './platform-helpers';
import { shownRows } from './workbench-helpers';

const DAY = 480;

test('a layout sorts and groups the workbench rows by an attribute', async ({ page, request }) => {
  const s = await scheduleInNewSpace(request, 'arrange');
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
  const finishes = randomUUID();
  const task = (parent: string, key: string, name: string, days: number, z?: string) =>
    newRow(randomUUID(), 'task', parent, key, {
      name,
      duration: days * DAY,
      attributes: z ? { [zone.key]: z } : {},
    });
  await addRowsByApi(request, s, version!, [
    newRow(frame, 'sum', null, 'a0', { name: 'Frame' }),
    task(frame, 'a0', 'Columns L1', 5, 'North'),
    task(frame, 'a1', 'Slab L1', 2, 'South'),
    task(frame, 'a2', 'Walls L1', 8, 'North'),
    newRow(finishes, 'sum', null, 'a1', { name: 'Finishes' }),
    task(finishes, 'a0', 'Paint', 3, 'South'),
    task(finishes, 'a1', 'Floors', 1),
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
  const tree = ['Frame', 'Columns L1', 'Slab L1', 'Walls L1', 'Finishes', 'Paint', 'Floors'];
  await expect.poll(() => shownRows(page)).toEqual(tree);

  await page.getByRole('button', { name: 'Layouts…' }).click();
  await page.getByRole('button', { name: 'Apply: By zone' }).click();
  const grouped = ['# North', 'Walls L1', 'Columns L1', '# South', 'Paint', 'Slab L1', '# ', 'Floors'];
  await expect.poll(() => shownRows(page)).toEqual(grouped);
  const north = page.locator('[data-group="North"]');
  await expect(north).toContainText('Zone:');
  await expect(north).toContainText('2 activities');
  await expect(page.locator('[data-group=""]')).toContainText('(none)');
  await page.screenshot({ path: 'test-results/layout-arrange.png' });

  // A header is not a row of the version: typing on it opens no editor.
  await north.click();
  await page.keyboard.type('x');
  await expect(grid.locator('input')).toHaveCount(0);
  // Rows inside a group still edit: the new duration moves the row within its group.
  await grid.getByRole('gridcell', { name: 'Columns L1' }).click();
  await page.keyboard.press('ArrowRight');
  await page.keyboard.type('9');
  await page.keyboard.press('Enter');
  await expect
    .poll(() => shownRows(page))
    .toEqual(['# North', 'Columns L1', 'Walls L1', '# South', 'Paint', 'Slab L1', '# ', 'Floors']);

  // The arrangement is part of the version's layout: saved, and there after a reload.
  await expect
    .poll(async () => {
      const l = await as<{ layout: { group_by?: string[] | null } | null }>(
        'GET',
        `/versions/${version!.id}/version-layout`,
      );
      return l.layout?.group_by;
    })
    // A list of levels (the template sent one column: read as one level).
    .toEqual([`attr:${zone.key}`]);
  await page.reload();
  await expect
    .poll(() => shownRows(page))
    .toEqual(['# North', 'Columns L1', 'Walls L1', '# South', 'Paint', 'Slab L1', '# ', 'Floors']);

  // Back to the WBS tree from the Layouts dialog.
  await page.getByRole('button', { name: 'Layouts…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Layouts' });
  await expect(dialog).toContainText('sorted by Duration, d (descending), grouped by Zone');
  await dialog.getByRole('button', { name: 'Show the WBS order' }).click();
  await expect.poll(() => shownRows(page)).toEqual(tree);
});
