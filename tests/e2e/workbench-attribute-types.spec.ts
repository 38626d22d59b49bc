// Typed attributes of the space in the workbench grid, as a planner uses them: a number and a date
// attribute are added from the column menu, a value typed into each converts as the grid's number
// and date columns do, a matrix pasted from a spreadsheet fills two rows of both, Ctrl+Z takes
// the paste back, and after a reload the typed values are still there (the edits went through
// the version's batches, not the layout).
import { type Page, expect, test } from '@playwright/test';
import { api, scheduleInNewSpace, signedIn } from './platform-helpers';

const CSV = ['Code,Name,Duration (d)', 'A1,Excavate,3', 'A2,Pour slab,2', 'A3,Walls,4'].join('\n');
const grid = (page: Page) => page.getByRole('grid');

test('number and date attributes: typed, pasted, undone, kept after a reload', async ({ page, request }) => {
  test.setTimeout(240_000);
  const s = await scheduleInNewSpace(request, 'attrtypes');
  const res = await request.post(`/api/v1/schedules/${s.scheduleId}/versions/upload/synchronous`, {
    headers: { authorization: `Bearer ${s.account.token}`, 'space-id': s.spaceId },
    multipart: { file: { name: 'works.csv', mimeType: 'text/csv', buffer: Buffer.from(CSV) } },
  });
  expect(res.status(), await res.text()).toBe(201);
  const version = ((await res.json()) as { id: string }).id;
  for (const [name, type] of [
    ['Crew size', 'number'],
    ['Permit date', 'date'],
  ] as const)
    await api(
      request,
      s.account,
      'POST',
      '/eps/attributes',
      { name, type, scope: 'space', node_id: null },
      s.spaceId,
    );

  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await signedIn(page, s.account, `/${s.spaceId}/schedule/${s.scheduleId}?version=${version}`);
  await expect(grid(page).getByRole('gridcell', { name: 'Pour slab' })).toBeVisible();
  await page.getByRole('button', { name: 'Columns' }).click();
  const menu = page.getByRole('dialog', { name: 'Columns' });
  const layoutSaved = page.waitForResponse(
    (r) => r.url().endsWith('/version-layout') && r.request().method() !== 'GET' && r.ok(),
  );
  await menu.getByRole('checkbox', { name: 'Crew size' }).check();
  await menu.getByRole('checkbox', { name: 'Permit date' }).check();
  await page.keyboard.press('Escape');

  const colOf = async (name: string) =>
    Number(await grid(page).getByRole('columnheader', { name, exact: true }).getAttribute('aria-colindex')) -
    2;
  const row = (name: string) =>
    grid(page).locator('[role=row]', { has: page.getByRole('gridcell', { name, exact: true }) });
  const cell = async (name: string, column: string) =>
    row(name).locator(`[role=gridcell][data-col="${await colOf(column)}"]`);

  // Typing over a focused cell: the number reads with a decimal comma too, the date as DD.MM.YYYY.
  await row('Excavate').getByRole('gridcell', { name: 'Excavate' }).click();
  await page.keyboard.press('End');
  await page.keyboard.press('ArrowLeft');
  await expect(await cell('Excavate', 'Crew size')).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.type('12,5');
  await page.keyboard.press('Tab');
  await page.keyboard.type('15.03.2027');
  await page.keyboard.press('Enter');
  await expect(await cell('Excavate', 'Crew size')).toHaveText('12.5');
  await expect(await cell('Excavate', 'Permit date')).toHaveText('15.03.27');

  // A matrix from a spreadsheet, pasted at Pour slab's Crew size: two rows, two columns.
  await (await cell('Pour slab', 'Crew size')).click();
  await page.evaluate((text) => navigator.clipboard.writeText(text), '4\t01.04.2027\n6\t02.05.2027');
  await page.keyboard.press('Control+v');
  await expect(await cell('Pour slab', 'Crew size')).toHaveText('4');
  await expect(await cell('Walls', 'Permit date')).toHaveText('02.05.27');
  await page.screenshot({ path: 'test-results/workbench-attribute-types.png' });
  // Ctrl+Z takes the whole paste back (one command), not the typed values.
  await page.keyboard.press('Control+z');
  await expect(await cell('Pour slab', 'Crew size')).toHaveText('');
  await expect(await cell('Walls', 'Permit date')).toHaveText('');
  await expect(await cell('Excavate', 'Crew size')).toHaveText('12.5');
  await expect(page.getByText('Saving…')).toHaveCount(0);

  await layoutSaved;
  await page.reload();
  await row('Excavate').getByRole('gridcell', { name: 'Excavate' }).click();
  await page.keyboard.press('End');
  await expect(await cell('Excavate', 'Crew size')).toHaveText('12.5');
  await expect(await cell('Pour slab', 'Crew size')).toHaveText('');
  // The grid renders the columns in view: moving right brings the date in.
  await (await cell('Excavate', 'Crew size')).click();
  await page.keyboard.press('ArrowRight');
  await expect(await cell('Excavate', 'Permit date')).toHaveText('15.03.27');
});
