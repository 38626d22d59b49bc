// Curator dates and daily plan limits as a planner uses them: on a calculated copy of the demo
// schedule, choose a row with the keyboard and accept its proposed dates, accept all; lengthen the
// row in the workbench and recalculate: the dialog's "Moved since accepted" shows it with both
// dates and the slip. Then the schedule's own limit for daily plans is set and answered by
// GET schedules/{id}/limit-for-dp.
import { expect, test } from '@playwright/test';
import { api, demoInNewSpace, expandNodes, signedIn } from './platform-helpers';

const SHOTS = process.env.CURATOR_SHOTS;

interface V {
  id: string;
  label: string;
  revision: number;
}

test('accept curator dates, see a moved row, set the daily plan limits', async ({ page, request }) => {
  test.setTimeout(120_000);
  const { account, space, demo } = await demoInNewSpace(request, 'curator', 'Curator');
  const copy = await api<V>(
    request,
    account,
    'POST',
    `/schedules/${demo.schedule_id}/versions/create`,
    { label: 'Curated', copy_from_version_id: demo.version_id },
    space.id,
  );
  const calculate = () =>
    api(
      request,
      account,
      'PATCH',
      `/versions/${copy.id}/timetable/calculate/synchronous`,
      undefined,
      space.id,
    );
  await calculate();

  await signedIn(page, account, `/${space.id}`);
  await expandNodes(page, ['Riverside campus', 'Office block B2', 'Construction schedule']);
  await page.getByRole('treeitem', { name: 'Curated' }).click();
  await page.getByRole('button', { name: 'Curator dates…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Curator dates: Curated' });
  const summary = dialog.getByTestId('curator-summary');
  await expect(summary).toContainText(/^0 of \d+ rows accepted/);

  // Choose A1060 with the keyboard (click puts the cursor on it, Space chooses), accept it.
  const row = dialog.locator('[role=row][data-code="A1060"]');
  await row.locator('.cd-c-name').click();
  await dialog.locator('.vc-body').focus();
  await page.keyboard.press(' ');
  await expect(row).toHaveAttribute('aria-selected', 'true');
  await dialog.getByRole('button', { name: 'Accept chosen (1)' }).click();
  await expect(row).toHaveAttribute('data-state', 'accepted');
  await expect(summary).toContainText(/^1 of \d+ rows accepted/);
  const finish = await row.locator('.cd-c-finish').textContent();
  await expect(row.locator('.cd-c-accepted_finish')).toHaveText(finish ?? '');
  await dialog.getByRole('button', { name: 'Accept all' }).click();
  await expect(summary).not.toContainText(/^1 of/);
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);

  // A1060 ten days longer in the workbench, then calculated.
  await page.goto(`/${space.id}/schedule/${demo.schedule_id}?version=${copy.id}`);
  const grid = page.getByRole('grid');
  const wrow = grid.locator('[role=row]', { hasText: 'A1060' }).first();
  await expect(wrow).toBeVisible();
  await wrow.locator('[data-col="3"]').click();
  await page.keyboard.type('25');
  await page.keyboard.press('Enter');
  await expect
    .poll(
      async () =>
        (await api<V>(request, account, 'GET', `/versions/${copy.id}`, undefined, space.id)).revision,
    )
    .toBeGreaterThan(copy.revision);
  await calculate();

  await page.goto(`/${space.id}`);
  await expandNodes(page, ['Riverside campus', 'Office block B2', 'Construction schedule']);
  await page.getByRole('treeitem', { name: 'Curated' }).click();
  await page.getByRole('button', { name: 'Curator dates…' }).click();
  await expect(summary).toContainText(/rows moved since they were accepted/);
  await dialog.getByRole('radio', { name: 'Moved since accepted' }).click();
  await expect(row).toHaveAttribute('data-state', 'moved');
  await expect(row.locator('.cd-c-diff')).toContainText('+');
  await expect(row.locator('.cd-c-finish')).not.toHaveText(finish ?? '');
  await expect(row.locator('.cd-c-accepted_finish')).toHaveText(finish ?? '');
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/curator-dates.png` });
  await page.keyboard.press('Escape');

  // The schedule's own limit for daily plans.
  await page.getByRole('treeitem', { name: 'Construction schedule' }).click();
  await page.getByRole('button', { name: 'Daily plan limits…' }).click();
  const dp = page.getByRole('dialog', { name: 'Daily plan limits: Construction schedule' });
  const planDays = dp.getByRole('textbox', { name: 'Plans: days before the key date' });
  await expect(planDays).toBeFocused();
  await page.keyboard.type('x');
  await expect(dp.getByRole('alert')).toContainText('whole number');
  await expect(dp.getByRole('button', { name: 'Save' })).toBeDisabled();
  await planDays.fill('3');
  await dp.getByRole('textbox', { name: 'Facts: days before the key date' }).fill('0');
  await page.keyboard.press('Enter');
  await expect(dp.getByRole('status')).toHaveText('Saved');
  await expect(dp.getByTestId('dp-plan')).toContainText("(3 days back) (this schedule's setting)");
  await expect(dp.getByTestId('dp-fact')).toContainText("(0 days back) (this schedule's setting)");
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/dp-limits.png` });
  const limit = await api<{ plan_edit_days: number; fact_edit_days: number; plan_source: string }>(
    request,
    account,
    'GET',
    `/schedules/${demo.schedule_id}/limit-for-dp`,
    undefined,
    space.id,
  );
  expect(limit).toMatchObject({ plan_edit_days: 3, fact_edit_days: 0, plan_source: 'schedule' });
});
