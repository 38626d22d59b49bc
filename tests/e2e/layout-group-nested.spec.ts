// Nested grouping on the schedule page: two levels picked in the Layouts dialog (inner headers
// indented, each with its count, span and percent complete), an outer header folded, and the fold still there after a reload
// (saved in the wbs-group-setting). Screenshots in en and ru.
import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { newRow } from '../../src/domain/wbs/types';
import { addRowsByApi, api, scheduleInNewSpace, signedIn } from './platform-helpers';
import { shownRows } from './workbench-helpers';

const DAY = 480;

test('group by two columns, fold an outer header, reload: the fold is kept', async ({ page, request }) => {
  const s = await scheduleInNewSpace(request, 'groupnest');
  const as = <T>(method: 'GET' | 'POST' | 'PUT', p: string, data?: unknown) =>
    api<T>(request, s.account, method, p, data, s.spaceId);
  const [version] = await as<{ id: string; revision: number }[]>(
    'GET',
    `/schedules/${s.scheduleId}/versions`,
  );
  const attr = (name: string) =>
    as<{ key: string }>('POST', '/eps/attributes', { name, type: 'text', scope: 'space', node_id: null });
  const zone = await attr('Zone');
  const floor = await attr('Floor');
  const frame = randomUUID();
  const task = (key: string, name: string, z: string, f: string, percentComplete = 0) =>
    newRow(randomUUID(), 'task', frame, key, {
      name,
      duration: 2 * DAY,
      percentComplete,
      attributes: { [zone.key]: z, [floor.key]: f },
    });
  await addRowsByApi(request, s, version!, [
    newRow(frame, 'sum', null, 'a0', { name: 'Frame' }),
    task('a0', 'Columns N1', 'North', 'L1', 50),
    task('a1', 'Slab S2', 'South', 'L2'),
    task('a2', 'Walls N2', 'North', 'L2'),
    task('a3', 'Paint S1', 'South', 'L1'),
  ]);

  await signedIn(page, s.account, `/${s.spaceId}/schedule/${s.scheduleId}?version=${version!.id}`);
  const grid = page.getByRole('grid');
  await expect(grid.getByRole('gridcell', { name: 'Walls N2' })).toBeVisible();

  // Two levels from the keyboard-reachable controls of the Layouts dialog: Zone, then Floor.
  await page.getByRole('button', { name: 'Layouts…' }).click();
  const levels = page.getByTestId('group-levels');
  await levels.getByRole('button', { name: 'Add a grouping level' }).click();
  await levels.getByRole('combobox', { name: 'Level 1' }).selectOption({ label: 'Floor' });
  await levels.getByRole('button', { name: 'Add a grouping level' }).click();
  await levels.getByRole('combobox', { name: 'Level 2' }).selectOption({ label: 'Zone' });
  // Reordered: Zone outermost.
  await levels.getByRole('button', { name: 'Move up: Level 2' }).focus();
  await page.keyboard.press('Enter');
  await expect(levels.getByRole('combobox', { name: 'Level 1' })).toHaveValue(`attr:${zone.key}`);
  await expect(levels.getByRole('combobox', { name: 'Level 2' })).toHaveValue(`attr:${floor.key}`);
  await page.screenshot({ path: 'test-results/layout-group-nested-dialog-en.png' });
  await page.keyboard.press('Escape');

  const open = [
    '#0 North',
    '#1 L1',
    'Columns N1',
    '#1 L2',
    'Walls N2',
    '#0 South',
    '#1 L1',
    'Paint S1',
    '#1 L2',
    'Slab S2',
  ];
  await expect.poll(() => shownRows(page, { levels: true })).toEqual(open);
  const north = page.locator('[data-group="North"][data-level="0"]');
  await expect(north).toContainText('Zone:');
  await expect(north).toContainText('2 activities');
  // Percent complete rolled up by planned duration: (50 + 0) / 2 over the zone, 50 on its floor L1
  // (the label's full text; the % column shows it in the row).
  const title = (g: typeof north) => g.locator('.wb-group-cell');
  await expect(title(north)).toHaveAttribute('title', /25% complete/);
  await expect(title(page.locator('[data-group="L1"][data-level="1"]').first())).toHaveAttribute(
    'title',
    /50% complete/,
  );
  await expect(page.locator('[data-group="L1"][data-level="1"]').first()).toContainText('Floor:');

  // Fold North: its inner headers and rows go; the fold is saved.
  await north.getByRole('button', { name: 'Collapse' }).click();
  const folded = ['#0 North', '#0 South', '#1 L1', 'Paint S1', '#1 L2', 'Slab S2'];
  await expect.poll(() => shownRows(page, { levels: true })).toEqual(folded);
  await expect
    .poll(() => as<{ setting: unknown }>('GET', `/versions/${version!.id}/wbs-group-setting`))
    .toEqual({ setting: { group_by: [`attr:${zone.key}`, `attr:${floor.key}`], folded: [['North']] } });
  await page.screenshot({ path: 'test-results/layout-group-nested-en.png' });

  await page.reload();
  await expect.poll(() => shownRows(page, { levels: true })).toEqual(folded);
  await expect(page.locator('[data-group="North"][data-level="0"]')).toHaveAttribute(
    'aria-expanded',
    'false',
  );

  await page.getByRole('combobox', { name: 'Language' }).selectOption('ru');
  await expect(north.getByRole('button', { name: 'Развернуть' })).toBeVisible();
  await page.screenshot({ path: 'test-results/layout-group-nested-ru.png' });
  await page.getByRole('button', { name: /Макеты|Layouts/ }).click();
  await expect(page.getByTestId('group-levels')).toContainText('Группировка');
  await page.screenshot({ path: 'test-results/layout-group-nested-dialog-ru.png' });
});
