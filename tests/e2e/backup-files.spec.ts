// Backups as files (issue 21): the administrator backs a schedule up, downloads the backup (the bar
// shows while it comes), deletes it on the server, changes the schedule, is refused a file that is
// no backup (the reason under the field, nothing added), uploads the downloaded file (the bar while
// it goes and is checked), restores it and sees the old rows; the Russian screen says the same.
import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import type { APIRequestContext, Page } from '@playwright/test';
import { addRowsByApi, api, scheduleInNewSpace, signedIn, workRow } from './platform-helpers';
import type { ScheduleSetup } from './platform-helpers';

const row = (orderKey: string, name: string) =>
  workRow({ id: randomUUID(), orderKey, name, duration: 480 * 3 });

async function versionOf(request: APIRequestContext, s: ScheduleSetup) {
  const [v] = await api<{ id: string; revision: number }[]>(
    request,
    s.account,
    'GET',
    `/schedules/${s.scheduleId}/versions`,
    undefined,
    s.spaceId,
  );
  return v!;
}

async function rowNames(request: APIRequestContext, s: ScheduleSetup): Promise<string[]> {
  const v = await versionOf(request, s);
  const content = await api<{ items: { name: string }[] }>(
    request,
    s.account,
    'GET',
    `/versions/${v.id}/wbs`,
    undefined,
    s.spaceId,
  );
  return content.items.map((i) => i.name).sort();
}

/** Holds the requests of a URL until released (so the screen's bar can be seen while they run). */
async function hold(page: Page, pattern: string) {
  let release!: () => void;
  const released = new Promise<void>((r) => (release = r));
  await page.route(pattern, async (route) => {
    await released;
    await route.continue();
  });
  // Released, later requests go straight on.
  return () => release();
}

test('download a backup, upload it back, restore it; a bad file is refused', async ({ page, request }) => {
  test.setTimeout(180_000);
  const s = await scheduleInNewSpace(request, 'bakfile');
  await addRowsByApi(request, s, await versionOf(request, s), [
    row('a0', 'Excavation'),
    row('a1', 'Foundations'),
  ]);
  await page.setViewportSize({ width: 1280, height: 900 });
  await signedIn(page, s.account, `/${s.spaceId}/admin`);
  await page.getByRole('tab', { name: 'Backups' }).click();
  await page.getByRole('button', { name: 'Back up now' }).click();
  await expect(page.getByText('Backup made')).toBeVisible();
  const rows = page.locator('tr[data-backup]');
  await expect(rows).toHaveCount(1);

  // Download: the bar while it comes, then the browser's download.
  const letGo = await hold(page, '**/backups/*/file');
  const downloaded = page.waitForEvent('download');
  await rows.getByRole('button', { name: /^Download the backup of / }).click();
  await expect(rows.getByRole('status')).toContainText('Downloading…');
  letGo();
  const file = await downloaded;
  expect(file.suggestedFilename()).toMatch(/\.json\.gz$/);
  const saved = test.info().outputPath(file.suggestedFilename());
  await file.saveAs(saved);
  const backup = JSON.parse(gunzipSync(readFileSync(saved)).toString('utf8')) as { schedule: { id: string } };
  expect(backup.schedule.id).toBe(s.scheduleId);
  await expect(rows.getByRole('button', { name: /^Download the backup of / })).toBeVisible();

  // The backup deleted on the server, the schedule changed: only the file holds the old rows.
  await rows.getByRole('button', { name: 'Delete' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'OK' }).click();
  await expect(rows).toHaveCount(0);
  await addRowsByApi(request, s, await versionOf(request, s), [row('a2', 'Roofing')]);
  await expect.poll(() => rowNames(request, s)).toEqual(['Excavation', 'Foundations', 'Roofing']);

  // A file that is no backup: refused with the reason, nothing added.
  const chooser = page.getByLabel('Add a backup file');
  await chooser.setInputFiles({
    name: 'notes.txt',
    mimeType: 'text/plain',
    buffer: Buffer.from('site notes'),
  });
  await page.getByRole('button', { name: 'Upload', exact: true }).click();
  const refusal = page.getByRole('alert');
  await expect(refusal).toContainText('The file was not added:');
  await expect(refusal).toContainText('it is not gzip-compressed');
  await expect(rows).toHaveCount(0);
  await page.screenshot({ path: 'test-results/backup-files-refused-en.png', fullPage: true });

  // The downloaded file: the bar while it goes and is checked, then it is in the list.
  const letUp = await hold(page, '**/backups/upload');
  await chooser.setInputFiles(saved);
  await expect(refusal).toHaveCount(0);
  await page.getByRole('button', { name: 'Upload', exact: true }).click();
  await expect(page.locator('.backups__upload').getByRole('status')).toContainText(
    /Uploading…|Checking the file…/,
  );
  await page.screenshot({ path: 'test-results/backup-files-uploading-en.png', fullPage: true });
  letUp();
  await expect(page.getByText(/^Backup of .* added to the list$/)).toBeVisible();
  await expect(rows).toHaveCount(1);
  await expect(rows.locator('td').nth(2)).toHaveText('2');
  await expect(rows.locator('td').nth(4)).toHaveText('from a file');
  await rows.getByRole('button', { name: 'Restore' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'OK' }).click();
  await expect(page.getByText(/Schedule restored from the backup of/)).toBeVisible();
  await expect.poll(() => rowNames(request, s)).toEqual(['Excavation', 'Foundations']);
  await page.screenshot({ path: 'test-results/backup-files-en.png', fullPage: true });

  // Russian: the same screen, the same refusal in Russian.
  await page.getByRole('tab', { name: 'Members' }).click();
  await page.getByRole('combobox', { name: 'Language' }).selectOption('ru');
  await page.getByRole('tab', { name: 'Резервные копии' }).click();
  await expect(rows.locator('td').nth(4)).toHaveText('из файла');
  await expect(page.getByRole('button', { name: /^Скачать резервную копию от / })).toBeVisible();
  await page.getByLabel('Добавить файл резервной копии').setInputFiles({
    name: 'broken.json.gz',
    mimeType: 'application/gzip',
    buffer: readFileSync(saved).subarray(0, 40),
  });
  await page.getByRole('button', { name: 'Загрузить', exact: true }).click();
  await expect(page.getByRole('alert')).toContainText('Файл не добавлен:');
  await expect(page.getByRole('alert')).toContainText('повреждён');
  await page.screenshot({ path: 'test-results/backup-files-ru.png', fullPage: true });
});
