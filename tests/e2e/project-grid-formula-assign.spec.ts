// The project grid's calculated attribute columns and its Assignments tab (issue 20): a project
// of two uploaded schedules; a space formula attribute shown from the Columns menu, computed on the
// rows of both schedules by the page's worker (each row with its own version's formula), and
// computed again when a cell it reads is edited on the grid; a resource assigned to a row of the
// second schedule from the node panel's Assignments tab, stored in that schedule's version (read
// back through the API), undone with Ctrl+Z in that version. Screenshots in en and ru with
// PGRID_SHOTS=dir.
import { expect, test } from '@playwright/test';
import { api } from './platform-helpers';
import { openBlockGrid, rowNamed, twoSchedules } from './project-grid-helpers';

const SHOTS = process.env.PGRID_SHOTS;

test('a formula column computed on both schedules, an assignment stored in the second one', async ({
  page,
  request,
}) => {
  const { s, second } = await twoSchedules(request, 'pgformula');
  const as = <T>(method: 'GET' | 'POST', path: string, body?: unknown) =>
    api<T>(request, s.account, method, path, body, s.spaceId);
  await as('POST', '/eps/attributes', {
    name: 'Name length',
    type: 'formula',
    scope: 'space',
    node_id: null,
    formula: 'LEN(name) * 10',
  });
  await as('POST', '/resources/create', { name: 'Mason' });
  const [fitout] = (
    await as<{ id: string; kind: string }[]>('GET', `/schedules/${second.id}/versions`)
  ).filter((v) => v.kind === 'actual');
  const content = await as<{ items: { id: string; name: string }[] }>('GET', `/versions/${fitout!.id}/wbs`);
  const partitions = content.items.find((i) => i.name === 'Partitions')!.id;

  await page.setViewportSize({ width: 1440, height: 900 });
  await openBlockGrid(page, s);
  const grid = page.getByRole('grid');

  // The formula column from the Columns menu: computed on the rows of both schedules.
  await page.getByRole('button', { name: 'Columns' }).click();
  await page.getByRole('dialog', { name: 'Columns' }).getByRole('checkbox', { name: 'Name length' }).check();
  await page.keyboard.press('Escape');
  const header = grid.getByRole('columnheader', { name: 'Name length', exact: true });
  await expect(header).toBeVisible();
  const col = Number(await header.getAttribute('aria-colindex')) - 2;
  const value = (name: string) => rowNamed(page, name).locator(`[data-col="${col}"]`);
  await rowNamed(page, 'Partitions').locator('[data-col="1"]').click();
  await page.keyboard.press('End');
  await expect(value('Footings')).toHaveText('80');
  await expect(value('Columns')).toHaveText('70');
  await expect(value('Partitions')).toHaveText('100');
  await expect(value('Paint')).toHaveText('50');

  // A cell the formula reads, edited on the grid (Fit-out's row): computed again.
  await rowNamed(page, 'Partitions').locator('[data-col="1"]').click();
  await page.keyboard.type('Partitions B');
  await page.keyboard.press('Enter');
  await expect(rowNamed(page, 'Partitions B')).toBeVisible();
  await page.keyboard.press('End');
  await expect(value('Partitions B')).toHaveText('120');
  await expect(value('Footings')).toHaveText('80');
  await expect(page.getByTestId('project-grid')).not.toHaveAttribute('data-saving', /[1-9]/);
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/pgrid-formula.png` });

  // An assignment on Fit-out's row from the node panel's Assignments tab.
  await rowNamed(page, 'Partitions B').locator('[data-col="1"]').click();
  const tabs = page.getByRole('tablist', { name: 'Node information' });
  await tabs.getByRole('tab', { name: 'Assignments' }).click();
  const panel = page.getByRole('tabpanel');
  await expect(panel.getByText('No resources are assigned to this activity.')).toBeVisible();
  await panel.getByRole('combobox', { name: 'Resource to assign' }).selectOption({ label: 'Mason' });
  await panel.getByRole('textbox', { name: 'Quantity' }).fill('16');
  await panel.getByRole('button', { name: 'Assign' }).click();
  await expect(panel.locator('tr[data-assignment="Mason"]')).toBeVisible();
  await expect(panel.getByRole('textbox', { name: 'Quantity of Mason' })).toHaveValue('16');
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/pgrid-assignment.png` });
  // Stored in Fit-out's version under Partitions' own id.
  const stored = () =>
    as<{ items: { wbs_id: string; resource_name: string; units: number }[] }>(
      'GET',
      `/assignment?version_id=${fitout!.id}&wbs_id=${partitions}`,
    ).then((r) => r.items.map((a) => [a.resource_name, a.units]));
  await expect.poll(stored).toEqual([['Mason', 16]]);

  // One step of the grid's history: Ctrl+Z on the grid takes it back in Fit-out's version.
  await rowNamed(page, 'Partitions B').locator('[data-col="1"]').click();
  await page.keyboard.press('Control+z');
  await expect(panel.getByText('No resources are assigned to this activity.')).toBeVisible();
  await expect.poll(stored).toEqual([]);
  await expect(rowNamed(page, 'Partitions B')).toBeVisible();

  // In Russian: the same panel and column.
  if (SHOTS) {
    await page.getByRole('combobox', { name: 'Language' }).selectOption('ru');
    await expect(page.getByRole('tab', { name: 'Назначения' })).toBeVisible();
    await rowNamed(page, 'Partitions B').locator('[data-col="1"]').click();
    await page.keyboard.press('End');
    await page.screenshot({ path: `${SHOTS}/pgrid-formula-ru.png` });
  }
});
