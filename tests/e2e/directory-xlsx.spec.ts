// Issue 20's scenario "upload a directory from XLSX": an Excel file (first sheet, code / name /
// parent and an attribute column) through the Directories screen's upload dialog becomes the
// directory's value tree with the attribute.
import { expect, test } from '@playwright/test';
import { packageXlsx } from '../../src/domain/io/xlsx/ooxml';
import { scheduleInNewSpace, signedIn } from './platform-helpers';

test('upload a directory from an XLSX file', async ({ page, request }) => {
  const s = await scheduleInNewSpace(request, 'dirxlsx');
  const xlsx = packageXlsx([
    {
      name: 'Work types',
      headers: ['code', 'name', 'parent', 'unit'],
      widths: [10, 30, 10, 8],
      formats: [undefined, undefined, undefined, undefined],
      rows: [
        ['01', 'Earthworks', null, null],
        ['01.1', 'Excavation', '01', 'm3'],
        ['02', 'Concrete', null, null],
        ['02.1', 'Slabs', '02', 'm3'],
      ],
    },
  ]);
  await signedIn(page, s.account, `/${s.spaceId}/directories`);
  await page.getByRole('button', { name: 'Upload', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Upload a directory', exact: true });
  await dialog.locator('input[type=file]').setInputFiles({
    name: 'Work types.xlsx',
    mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    buffer: Buffer.from(xlsx),
  });
  await dialog.getByRole('button', { name: 'Upload', exact: true }).click();
  await expect(page.getByText('Directory uploaded: 4 values')).toBeVisible();
  const table = page.getByRole('grid', { name: 'Work types' });
  for (const name of ['Earthworks', 'Excavation', 'Concrete', 'Slabs'])
    await expect(table).toContainText(name);
  // The extra column became a text attribute holding the values.
  await expect(table.getByRole('columnheader', { name: 'unit' })).toBeVisible();
  await expect(table.getByRole('row').filter({ hasText: 'Excavation' })).toContainText('m3');
});
