// Backups end to end (issue 21): rows typed into a schedule, a backup made from the Backups tab of
// the administration screen, a row added afterwards, the backup restored (its dated toast), and the
// workbench shows the rows of the backup again, without the one added since.
import { expect, test } from '@playwright/test';
import type { APIRequestContext } from '@playwright/test';
import { api, scheduleInNewSpace } from './platform-helpers';
import type { ScheduleSetup } from './platform-helpers';
import { grid, openWorkbench, typeRows } from './workbench-helpers';

async function rowNames(request: APIRequestContext, s: ScheduleSetup): Promise<string[]> {
  const versions = await api<{ id: string }[]>(
    request,
    s.account,
    'GET',
    `/schedules/${s.scheduleId}/versions`,
    undefined,
    s.spaceId,
  );
  const content = await api<{ items: { name: string }[] }>(
    request,
    s.account,
    'GET',
    `/versions/${versions[0]!.id}/wbs`,
    undefined,
    s.spaceId,
  );
  return content.items.map((i) => i.name).sort();
}

test('back up a schedule, change it, restore it, see the old rows', async ({ page, request }) => {
  const s = await scheduleInNewSpace(request, 'bak');
  await openWorkbench(page, s);
  await typeRows(page, [
    ['Excavation', '3'],
    ['Foundations', '5'],
  ]);
  await expect.poll(() => rowNames(request, s)).toEqual(['Excavation', 'Foundations']);

  await page.goto(`/${s.spaceId}/admin`);
  await page.getByRole('tab', { name: 'Backups' }).click();
  await expect(page.getByLabel('Schedule')).toHaveValue(s.scheduleId);
  await page.getByRole('button', { name: 'Back up now' }).click();
  await expect(page.getByText('Backup made')).toBeVisible();
  const row = page.locator('tr[data-backup]');
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('by hand');
  await expect(row.locator('td').nth(2)).toHaveText('2');

  // Periodic backup: weekly, five kept.
  await page.getByLabel('Periodicity').selectOption('weekly');
  await page.getByLabel('Backups kept').fill('5');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Periodic backup saved')).toBeVisible();
  await expect(page.getByText(/Next run:/)).toBeVisible();
  await page.screenshot({ path: '/tmp/backups-admin.png', fullPage: true });

  // A change after the backup.
  await openWorkbench(page, s);
  await expect(grid(page)).toContainText('Foundations');
  await typeRows(page, [['Roofing', '2']]);
  await expect.poll(() => rowNames(request, s)).toEqual(['Excavation', 'Foundations', 'Roofing']);

  await page.goto(`/${s.spaceId}/admin`);
  await page.getByRole('tab', { name: 'Backups' }).click();
  await page.locator('tr[data-backup]').getByRole('button', { name: 'Restore' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'OK' }).click();
  await expect(page.getByText(/Schedule restored from the backup of/)).toBeVisible();
  await page.screenshot({ path: '/tmp/backups-restored.png', fullPage: true });
  await expect.poll(() => rowNames(request, s)).toEqual(['Excavation', 'Foundations']);

  await openWorkbench(page, s);
  await expect(grid(page)).toContainText('Foundations');
  await expect(grid(page)).toContainText('Excavation');
  await expect(grid(page)).not.toContainText('Roofing');
  await page.screenshot({ path: '/tmp/backups-workbench.png' });
});
