// Saving when the server does not take a change at once: a batch it could not store for the
// moment (503) is sent again and stored; a batch it refuses is not kept on screen (the schedule
// is read again and the user is told why); one made on a stale revision that overlaps what another
// user saved since (409 wbs.edit_conflict) asks which values to keep. A big command is written in slices and stored. (A server that cannot be reached
// at all takes the app to its Connection lost screen: tests/e2e/platform.spec.ts.)
import { type Page, expect, test } from '@playwright/test';
import { scheduleInNewSpace } from './platform-helpers';
import { grid, openWorkbench, typeRows } from './workbench-helpers';

const BATCH = '**/api/v1/versions/*/wbs/batch';
const named = (page: Page, name: string) => grid(page).getByRole('gridcell', { name, exact: true });

test('a change the server could not store yet is sent again; one it refuses is taken back', async ({
  page,
  request,
}) => {
  const s = await scheduleInNewSpace(request, 'wbsave');
  await openWorkbench(page, s);

  // The first two sends find the server unable to store them.
  let dropped = 0;
  await page.route(BATCH, (route) =>
    dropped++ < 2
      ? route.fulfill({ status: 503, contentType: 'application/json', body: '{"error":"Unavailable"}' })
      : route.fallback(),
  );
  await typeRows(page, [['Formwork']]);
  await expect(
    page.getByText('The server could not store the change yet; it will be sent again'),
  ).toBeVisible();
  await expect(page.getByText('Saving…')).toHaveCount(0, { timeout: 10_000 });
  expect(dropped).toBeGreaterThanOrEqual(3);
  await page.unroute(BATCH);
  await page.reload();
  await expect(named(page, 'Formwork')).toBeVisible();

  // The server refuses the next change (as it would a patch it cannot apply), and its answer
  // comes once the user has begun typing the new row's name: the editor open on the refused row
  // goes with it, and keys reach the grid again.
  let typing!: () => void;
  const typed = new Promise<void>((resolve) => (typing = resolve));
  await page.route(BATCH, async (route) => {
    await typed;
    await route.fulfill({
      status: 400,
      contentType: 'application/json',
      body: JSON.stringify({ error: 'BadRequest', error_message: 'Refused by the test' }),
    });
  });
  await grid(page).focus();
  await page.keyboard.press('Insert');
  await page.keyboard.type('Rebar');
  typing();
  await expect(
    page
      .getByText(
        'The change could not be saved (Refused by the test); the schedule was read again from the server',
      )
      .first(),
  ).toBeVisible();
  await expect(named(page, 'Rebar')).toHaveCount(0);
  await expect(named(page, 'Formwork')).toBeVisible();
  // Undo now takes back the last change the server holds, not the refused one (once the rows
  // read again are in: a typed row can be two refused batches, each reading the rows again).
  await page.unroute(BATCH);
  await expect(page.getByText('Saving…')).toHaveCount(0);
  await expect(page.getByTestId('timetable-state')).toHaveText('Calculated');
  await grid(page).focus();
  await expect(async () => {
    if ((await named(page, 'Formwork').count()) > 0) await page.keyboard.press('Control+z');
    await expect(named(page, 'Formwork')).toHaveCount(0, { timeout: 2_000 });
  }).toPass({ timeout: 10_000 });
  await expect(named(page, 'Rebar')).toHaveCount(0);
});

test('a change made on a stale revision that overlaps what was saved since asks which to keep', async ({
  page,
  request,
}) => {
  const s = await scheduleInNewSpace(request, 'wbstale');
  await openWorkbench(page, s);
  await typeRows(page, [['Formwork']]);
  await expect(page.getByText('Saving…')).toHaveCount(0);

  // The next batch claims the revision before the last one, as if another user had saved since.
  await page.route(BATCH, (route) => {
    const body = route.request().postDataJSON() as { revision: number };
    return route.fallback({ postData: JSON.stringify({ ...body, revision: body.revision - 1 }) });
  });
  await named(page, 'Formwork').dblclick();
  await page.keyboard.press('Control+a');
  await page.keyboard.type('Renamed on a stale revision');
  await page.keyboard.press('Enter');
  // The rename overlaps the change saved since (the row's creation): the conflict dialog asks.
  const dialog = page.getByRole('dialog', { name: 'Someone else changed the same places' });
  await expect(dialog).toBeVisible();
  await page.unroute(BATCH);
  await dialog.getByRole('button', { name: 'Take theirs' }).first().click();
  await expect(dialog).toHaveCount(0);
  await expect(named(page, 'Formwork')).toBeVisible();
  await expect(named(page, 'Renamed on a stale revision')).toHaveCount(0);
});

test('a big command (2,500 pasted rows: written in slices, sent as one Blob) is stored', async ({
  page,
  request,
}) => {
  const s = await scheduleInNewSpace(request, 'wbbig');
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await openWorkbench(page, s);
  await typeRows(page, [['First']]);
  await expect(page.getByText('Saving…')).toHaveCount(0);

  const lines = Array.from({ length: 2500 }, (_, i) => `Pasted ${i + 1}\t${(i % 5) + 1}`);
  await page.evaluate((text) => navigator.clipboard.writeText(text), lines.join('\n'));
  const stored = page.waitForResponse(
    (r) => r.url().endsWith('/wbs/batch') && r.request().method() === 'POST',
  );
  await named(page, 'First').click();
  await page.keyboard.press('Control+v');
  await expect(grid(page)).toHaveAttribute('aria-rowcount', String(2500 + 1));
  expect((await stored).status()).toBe(200);
  await expect(page.getByText('Saving…')).toHaveCount(0, { timeout: 10_000 });

  await page.reload();
  await expect(grid(page)).toHaveAttribute('aria-rowcount', String(2500 + 1), { timeout: 10_000 });
  await expect(named(page, 'Pasted 1')).toBeVisible();
});
