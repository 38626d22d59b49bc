// The version's attributes as grid columns: a CSV with two attribute columns is imported as a
// version; its attributes are listed in the column menu (hidden at first), one is shown, a value
// is edited in the grid, and after a reload both the column and the new value are still there.
import { type Page, expect, test } from '@playwright/test';
import { scheduleInNewSpace, signedIn } from './platform-helpers';

const CSV = [
  'Code,Name,Duration (d),Attribute: Zone,Attribute: Crew',
  'A1,Excavate,3,North,4',
  'A2,Pour slab,2,South,6',
].join('\n');

const grid = (page: Page) => page.getByRole('grid');

/** The displayed column index of a header (cells carry it as data-col). */
async function columnOf(page: Page, name: string): Promise<number> {
  const header = grid(page).getByRole('columnheader', { name, exact: true });
  await expect(header).toBeVisible();
  return Number(await header.getAttribute('aria-colindex')) - 2;
}

test("the version's attributes are grid columns: shown from the column menu, edited, kept", async ({
  page,
  request,
}) => {
  const s = await scheduleInNewSpace(request, 'wbattr');
  const res = await request.post(`/api/v1/schedules/${s.scheduleId}/versions/upload/synchronous`, {
    headers: { authorization: `Bearer ${s.account.token}`, 'space-id': s.spaceId },
    multipart: { file: { name: 'zones.csv', mimeType: 'text/csv', buffer: Buffer.from(CSV) } },
  });
  expect(res.status(), await res.text()).toBe(201);
  const version = ((await res.json()) as { id: string }).id;
  const url = `/${s.spaceId}/schedule/${s.scheduleId}?version=${version}`;

  await signedIn(page, s.account, url);
  await expect(grid(page).getByRole('gridcell', { name: 'Pour slab' })).toBeVisible();
  // Hidden until asked for: not a header yet, but listed in the column menu.
  await expect(grid(page).getByRole('columnheader', { name: 'Zone' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Columns' }).click();
  const menu = page.getByRole('dialog', { name: 'Columns' });
  await expect(menu.getByRole('checkbox', { name: 'Crew' })).not.toBeChecked();
  // The layout is saved a moment after it changes.
  const layoutSaved = page.waitForResponse(
    (r) => r.url().endsWith('/version-layout') && r.request().method() !== 'GET' && r.ok(),
  );
  await menu.getByRole('checkbox', { name: 'Zone' }).check();
  await page.keyboard.press('Escape');

  const zone = await columnOf(page, 'Zone');
  // The grid renders the columns in view: End brings the last one (Zone) in.
  const pourRow = () =>
    grid(page).locator('[role=row]', { has: page.getByRole('gridcell', { name: 'Pour slab' }) });
  await pourRow().getByRole('gridcell', { name: 'Pour slab' }).click();
  await page.keyboard.press('End');
  const cell = pourRow().locator(`[role=gridcell][data-col="${zone}"]`);
  await expect(cell).toHaveText('South');
  await expect(cell).toHaveAttribute('aria-selected', 'true');

  // Typing over a focused cell replaces its value, as in a spreadsheet.
  await page.keyboard.type('East');
  await page.keyboard.press('Enter');
  await expect(cell).toHaveText('East');
  await expect(page.getByText('Saving…')).toHaveCount(0);

  await layoutSaved;
  await page.reload();
  const zoneAfter = await columnOf(page, 'Zone');
  await pourRow().getByRole('gridcell', { name: 'Pour slab' }).click();
  await page.keyboard.press('End');
  await expect(pourRow().locator(`[role=gridcell][data-col="${zoneAfter}"]`)).toHaveText('East');
  await expect(grid(page).getByRole('columnheader', { name: 'Crew' })).toHaveCount(0);
});
