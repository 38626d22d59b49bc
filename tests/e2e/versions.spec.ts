// Versions side by side: a copy of the demo schedule's working version (in a space of its own) gets
// a longer task in the workbench; Compare in the structure tree shows the summary and the changed
// row marked, the filters narrow the rows; the copy is made the target; and copied to another
// schedule.
import { expect, test } from '@playwright/test';
import { api, demoInNewSpace, expandNodes, signedIn } from './platform-helpers';

const SHOTS = process.env.PGRID_SHOTS;

interface V {
  id: string;
  kind: string;
  label: string;
  revision: number;
  schedule_id: string;
}

test('compare two versions, make one the target, copy it to another schedule', async ({ page, request }) => {
  const { account, space, demo } = await demoInNewSpace(request, 'versions', 'Versions');
  const copy = await api<V>(
    request,
    account,
    'POST',
    `/schedules/${demo.schedule_id}/versions/create`,
    { label: 'Update 1', copy_from_version_id: demo.version_id },
    space.id,
  );
  await api(
    request,
    account,
    'POST',
    `/projects/${demo.project_id}/schedules/create`,
    { name: 'Fit-out' },
    space.id,
  );

  // A longer task in the copy, typed in the workbench.
  await signedIn(page, account, `/${space.id}/schedule/${demo.schedule_id}?version=${copy.id}`);
  const grid = page.getByRole('grid');
  const row = grid.locator('[role=row]', { hasText: 'A1060' }).first();
  await expect(row).toBeVisible();
  await row.locator('[data-col="3"]').click();
  await page.keyboard.type('25');
  await page.keyboard.press('Enter');
  await expect
    .poll(
      async () =>
        (await api<V>(request, account, 'GET', `/versions/${copy.id}`, undefined, space.id)).revision,
    )
    .toBeGreaterThan(copy.revision);

  // Compare from the structure tree: the copy against the working version.
  await page.goto(`/${space.id}`);
  await expandNodes(page, ['Riverside campus', 'Office block B2', 'Construction schedule']);
  await page.getByRole('treeitem', { name: 'Update 1' }).click();
  await page.getByRole('button', { name: 'Compare' }).click();
  const dialog = page.getByRole('dialog', { name: 'Compare versions' });
  await dialog
    .getByRole('combobox', { name: 'Compared against' })
    .selectOption({ label: 'Working schedule' });
  await dialog.getByRole('button', { name: 'Compare' }).click();
  const summary = dialog.getByTestId('compare-summary');
  await expect(summary).toContainText(/Finish moved by [\d.]+ days/, { timeout: 30_000 });
  await expect(summary).toContainText('0 added · 0 removed');
  await expect(summary).toContainText(/activities slipped more than 5 days/);
  // The edited row is listed among the differences with its duration and finish marked.
  const changed = dialog.locator('[role=row][data-code="A1060"]');
  await expect(changed).toContainText('Changed');
  await expect(changed.locator('.vc-c-duration.vc-changed')).toContainText('→');
  await expect(changed.locator('.vc-c-slip')).toContainText('+');
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/versions-compare.png` });
  await dialog.getByRole('radio', { name: 'Removed' }).click();
  await expect(dialog.getByText('No rows of this kind')).toBeVisible();
  await dialog.getByRole('radio', { name: 'Slipped' }).click();
  await expect(dialog.locator('[role=row][data-code="A1060"]')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);

  // Make the copy the target: the seeded target goes back to being a version.
  await page.getByRole('button', { name: 'Make target' }).click();
  await expect
    .poll(async () => {
      const list = await api<V[]>(
        request,
        account,
        'GET',
        `/schedules/${demo.schedule_id}/versions`,
        undefined,
        space.id,
      );
      return list.filter((v) => v.kind === 'target').map((v) => v.label);
    })
    .toEqual(['Update 1']);

  // Copy it to the other schedule of the project.
  await page.getByRole('treeitem', { name: /Update 1/ }).click();
  await page.getByRole('button', { name: 'Copy to…' }).click();
  const copyDialog = page.getByRole('dialog', { name: 'Copy a version to a schedule' });
  await copyDialog.getByRole('combobox', { name: 'Schedule' }).selectOption({ label: 'Fit-out' });
  await copyDialog.getByRole('textbox', { name: 'Label of the copy' }).fill('From the main');
  await copyDialog.getByRole('button', { name: 'Copy to…' }).click();
  await expect(page.getByText('Copied to “Fit-out”')).toBeVisible();
  await expandNodes(page, ['Fit-out']);
  await expect(page.getByRole('treeitem', { name: 'From the main' })).toBeVisible();
});
