// A directory added to a version from the Directories screen: its values become rows of the
// version in the directory's tree, linked to the values, and show in the workbench.
import { expect, test } from '@playwright/test';
import { scheduleInNewSpace, signedIn, uploadDirectoryCsv, uploadVersionCsv } from './platform-helpers';

const CSV = 'code,name,parent\nL1,Level 1,\nL1.W,Walls,L1\nL1.S,Slab,L1\n';

test('add a directory to a version as linked rows', async ({ page, request }) => {
  const s = await scheduleInNewSpace(request, 'dir2ver');
  const version = (
    await uploadVersionCsv(request, s, 'Code,Name,Duration (d)\nA10,Dig,2\n', { label: 'Site works' })
  ).id;
  await uploadDirectoryCsv(request, s, 'Locations.csv', CSV);

  await signedIn(page, s.account, `/${s.spaceId}/directories`);
  await page.getByRole('button', { name: /Locations/ }).click();
  const table = page.getByRole('grid', { name: 'Locations' });
  await expect(table).toContainText('Walls');
  await page.getByRole('button', { name: 'Add to version…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add “Locations” to a version' });
  await dialog.getByRole('combobox', { name: 'Version' }).selectOption(version);
  await page.screenshot({ path: 'test-results/directory-to-version.png' });
  await dialog.getByRole('button', { name: 'Add rows' }).click();
  await expect(page.getByText('3 rows added')).toBeVisible();
  // Each value now counts its linked row.
  await expect(table.getByRole('row').filter({ hasText: 'Walls' }).getByRole('gridcell').last()).toHaveText(
    '1',
  );

  await page.goto(`/${s.spaceId}/schedule/${s.scheduleId}?version=${version}`);
  const grid = page.getByRole('grid');
  for (const name of ['Dig', 'Level 1', 'Walls', 'Slab'])
    await expect(grid.locator('.wb-text', { hasText: new RegExp(`^${name}$`) })).toBeVisible();
  await page.screenshot({ path: 'test-results/directory-to-version-grid.png' });
});
