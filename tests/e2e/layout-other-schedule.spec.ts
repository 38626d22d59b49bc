// Issue 20's scenario "save a layout and apply it in another schedule": in one schedule the
// planner hides columns and saves the layout by name (Layouts… → Save current layout as); in a
// second schedule of the project the same layout applies from the Layouts dialog, and stays the
// version's layout after a reload.
import { expect, test, type APIRequestContext } from '@playwright/test';
import { api, scheduleInNewSpace, signedIn, uploadVersionCsv } from './platform-helpers';
import { grid } from './workbench-helpers';

test('a layout saved in one schedule applies in another', async ({ page, request }) => {
  const s = await scheduleInNewSpace(request, 'layout2');
  const upload = async (req: APIRequestContext, scheduleId: string, csv: string) =>
    (await uploadVersionCsv(req, s, csv, { scheduleId })).id;
  const first = await upload(request, s.scheduleId, 'Code,Name,Duration (d)\nS1,Footings,3\n');
  const tree = await api<{ nodes: { id: string; kind: string }[] }>(
    request,
    s.account,
    'GET',
    `/space/${s.spaceId}/eps`,
  );
  const project = tree.nodes.find((n) => n.kind === 'project')!;
  const other = await api<{ id: string }>(
    request,
    s.account,
    'POST',
    `/projects/${project.id}/schedules/create`,
    { name: 'Fit-out' },
    s.spaceId,
  );
  const second = await upload(request, other.id, 'Code,Name,Duration (d)\nF1,Partitions,4\n');

  // Schedule one: hide Type and Total float, save the layout as "Lean".
  await signedIn(page, s.account, `/${s.spaceId}/schedule/${s.scheduleId}?version=${first}`);
  await expect(grid(page).getByRole('gridcell', { name: 'Footings' })).toBeVisible();
  await page.getByRole('button', { name: 'Columns' }).click();
  const menu = page.getByRole('dialog', { name: 'Columns' });
  for (const name of ['Type', 'Total float'])
    await menu.getByRole('checkbox', { name, exact: true }).uncheck();
  await page.keyboard.press('Escape');
  await expect(grid(page).getByRole('columnheader', { name: 'Type', exact: true })).toHaveCount(0);
  await page.getByRole('button', { name: 'Layouts…' }).click();
  const layouts = page.getByRole('dialog', { name: 'Layouts' });
  await layouts.getByRole('textbox', { name: 'Layout name' }).fill('Lean');
  await layouts.getByRole('button', { name: 'Save current layout as' }).click();
  await expect(layouts.getByRole('button', { name: 'Apply: Lean' })).toBeVisible();
  await page.keyboard.press('Escape');

  // Schedule two shows every column until the layout is applied there.
  await page.goto(`/${s.spaceId}/schedule/${other.id}?version=${second}`);
  await expect(grid(page).getByRole('gridcell', { name: 'Partitions' })).toBeVisible();
  await expect(grid(page).getByRole('columnheader', { name: 'Type', exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Layouts…' }).click();
  await page.getByRole('dialog', { name: 'Layouts' }).getByRole('button', { name: 'Apply: Lean' }).click();
  await expect(grid(page).getByRole('columnheader', { name: 'Type', exact: true })).toHaveCount(0);
  await expect(grid(page).getByRole('columnheader', { name: 'Total float', exact: true })).toHaveCount(0);
  await page.screenshot({ path: 'test-results/layout-other-schedule.png' });
  // It became that version's layout: there after a reload.
  await expect
    .poll(async () => {
      const l = await api<{ layout: { columns: { id: string; visible: boolean }[] } | null }>(
        request,
        s.account,
        'GET',
        `/versions/${second}/version-layout`,
        undefined,
        s.spaceId,
      );
      return l.layout?.columns.find((c) => c.id === 'type')?.visible;
    })
    .toBe(false);
  await page.reload();
  await expect(grid(page).getByRole('gridcell', { name: 'Partitions' })).toBeVisible();
  await expect(grid(page).getByRole('columnheader', { name: 'Type', exact: true })).toHaveCount(0);
});
