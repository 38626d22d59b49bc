// The curator's accepted dates as columns of the workbench grid: on a calculated copy of the demo
// schedule where the curator accepted A1060's dates, Accepted start and Accepted finish are shown
// from the Columns menu beside Start and Finish (A1060 carries both, an unaccepted row is blank);
// a filter on Accepted finish keeps only the accepted row; after A1060 is lengthened and
// recalculated, its Finish moves while its Accepted finish stays.
import { type Page, expect as baseExpect, test } from '@playwright/test';
import { api, expandNodes, registerAccount, signedIn } from './platform-helpers';
import { grid } from './workbench-helpers';

const SHOTS = process.env.CURATOR_SHOTS;
/** The page opens a 237-row schedule and calculates it: on a loaded machine that takes seconds. */
const expect = baseExpect.configure({ timeout: 30_000 });

async function columnOf(page: Page, name: string): Promise<number> {
  const header = grid(page).getByRole('columnheader', { name, exact: true });
  await expect(header).toBeVisible();
  return Number(await header.getAttribute('aria-colindex')) - 2;
}

test.use({ viewport: { width: 1600, height: 900 } });

test('accepted curator dates as grid columns, filtered, beside a moved finish', async ({ page, request }) => {
  test.setTimeout(150_000);
  const account = await registerAccount(request, 'curcols');
  const space = await api<{ id: string }>(request, account, 'POST', '/space/create', {
    name: 'Curator cols',
  });
  const as = <T>(method: 'GET' | 'POST' | 'PATCH', p: string, data?: unknown) =>
    api<T>(request, account, method, p, data, space.id);
  const demo = await as<{ schedule_id: string; version_id: string }>('POST', `/space/${space.id}/demo`);
  const copy = await as<{ id: string; revision: number }>(
    'POST',
    `/schedules/${demo.schedule_id}/versions/create`,
    {
      label: 'Curated',
      copy_from_version_id: demo.version_id,
    },
  );
  const calculate = () => as('PATCH', `/versions/${copy.id}/timetable/calculate/synchronous`);
  await calculate();
  const dates = await as<{ rows: { wbs_id: string; code: string }[] }>(
    'GET',
    `/versions/${copy.id}/accepted-curator-dates`,
  );
  const a1060 = dates.rows.find((r) => r.code === 'A1060')!;
  await as('PATCH', `/versions/${copy.id}/accepted-curator-dates`, { wbs_ids: [a1060.wbs_id] });

  await signedIn(page, account, `/${space.id}/schedule/${demo.schedule_id}?version=${copy.id}`);
  const row = (code: string) => grid(page).locator('[role=row]', { hasText: code }).first();
  await expect(row('A1060')).toBeVisible();
  await expect(grid(page).getByRole('columnheader', { name: 'Accepted finish', exact: true })).toHaveCount(0);
  await page.getByRole('button', { name: 'Columns' }).click();
  const menu = page.getByRole('dialog', { name: 'Columns' });
  await menu.getByRole('checkbox', { name: 'Accepted start' }).check();
  await menu.getByRole('checkbox', { name: 'Accepted finish' }).check();
  // Room for them beside Start and Finish (the grid draws only the columns in view).
  for (const name of ['Type', 'Total float', 'Free float', '%', 'Status'])
    await menu.getByRole('checkbox', { name, exact: true }).uncheck();
  await page.keyboard.press('Escape');
  const [start, finish, acceptedStart, acceptedFinish] = await Promise.all(
    ['Start', 'Finish', 'Accepted start', 'Accepted finish'].map((n) => columnOf(page, n)),
  );
  const text = (code: string, col: number) => row(code).locator(`[role=gridcell][data-col="${col}"]`);
  await expect(text('A1060', acceptedFinish)).toHaveText(/^\d\d\.\d\d\.\d\d$/);
  const finishBefore = (await text('A1060', finish).textContent()) ?? '';
  await expect(text('A1060', acceptedFinish)).toHaveText(finishBefore);
  await expect(text('A1060', acceptedStart)).toHaveText((await text('A1060', start).textContent()) ?? '');
  await expect(text('A1070', acceptedFinish)).toHaveText('');
  await expect(text('A1070', finish)).not.toHaveText('');
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/curator-columns.png` });

  // A filter on Accepted finish (any accepted date) keeps A1060 and its summaries only.
  const filter = encodeURIComponent(
    JSON.stringify({ field: 'accepted_finish', op: 'gte', value: '2000-01-01' }),
  );
  await page.goto(`/${space.id}/schedule/${demo.schedule_id}?version=${copy.id}&filter=${filter}`);
  await expect(row('A1060')).toBeVisible();
  await expect(grid(page).locator('[role=row]', { hasText: 'A1070' })).toHaveCount(0);
  const codes = await grid(page)
    .locator('.wb-body [role=row]')
    .evaluateAll((rs) => rs.map((r) => r.querySelector('[data-col="0"]')?.textContent ?? ''));
  expect(codes.filter((c) => /^A\d+$/.test(c))).toEqual(['A1060']);

  // A1060 ten days longer, recalculated: Finish moves, Accepted finish stays.
  await page.goto(`/${space.id}/schedule/${demo.schedule_id}?version=${copy.id}`);
  // The saved layout (Type hidden, the accepted dates shown) is in place before a column is counted.
  await expect(grid(page).getByRole('columnheader', { name: 'Accepted finish', exact: true })).toBeVisible();
  await expect(grid(page).getByRole('columnheader', { name: 'Type', exact: true })).toHaveCount(0);
  const duration = await columnOf(page, 'Duration, d');
  await text('A1060', duration).click();
  await page.keyboard.type('25');
  await page.keyboard.press('Enter');
  await expect
    .poll(async () => (await as<{ revision: number }>('GET', `/versions/${copy.id}`)).revision)
    .toBeGreaterThan(copy.revision);
  await calculate();
  await page.reload();
  await expect(text('A1060', finish)).not.toHaveText(finishBefore);
  await expect(text('A1060', acceptedFinish)).toHaveText(finishBefore);
  if (SHOTS) {
    await page.screenshot({ path: `${SHOTS}/curator-columns-moved.png` });
    // The same screens in Russian: the grid's columns, and the compare view against the working version.
    await page.getByRole('combobox', { name: 'Language' }).selectOption('ru');
    await expect(
      grid(page).getByRole('columnheader', { name: 'Принятое окончание', exact: true }),
    ).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/curator-columns-ru.png` });
    await page.goto(`/${space.id}`);
    await expandNodes(page, ['Riverside campus', 'Office block B2', 'Construction schedule']);
    await page.getByRole('treeitem', { name: 'Curated' }).click();
    await page.getByRole('button', { name: 'Сравнить' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Сравнение версий' });
    await dialog
      .getByRole('combobox', { name: 'С чем сравнить' })
      .selectOption({ label: 'Working schedule' });
    await dialog.getByRole('button', { name: 'Сравнить' }).click();
    await expect(dialog.locator('[role=row][data-code="A1060"]')).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/compare-ru.png` });
  }
});
