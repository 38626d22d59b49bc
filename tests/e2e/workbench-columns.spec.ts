// The grid's columns as a scheduler arranges them: widen one by its grip, drag one header onto
// another to reorder, hide one and freeze three from the column menu; after a reload the same
// layout comes back from the server (saved per user in the version layout).
import { type Page, expect, test } from '@playwright/test';
import { scheduleInNewSpace, signedIn } from './platform-helpers';
import { grid, openWorkbench } from './workbench-helpers';

const header = (page: Page, name: string) => grid(page).getByRole('columnheader', { name, exact: true });
const headers = (page: Page) =>
  grid(page)
    .getByRole('columnheader')
    .evaluateAll((hs) => hs.map((h) => h.getAttribute('aria-label')));

test('columns resized, reordered, hidden and frozen are kept across a reload', async ({ page, request }) => {
  const s = await scheduleInNewSpace(request, 'wbcols');
  await openWorkbench(page, s);
  expect((await headers(page)).slice(0, 4)).toEqual(['Code', 'Name', 'Type', 'Duration, d']);
  const layoutSaved = () =>
    page.waitForResponse((r) => r.url().endsWith('/version-layout') && r.request().method() === 'PUT');

  // Widen Name by 60 px with the grip at its right edge.
  const name = (await header(page, 'Name').boundingBox())!;
  const grip = header(page, 'Name').getByRole('separator', { name: 'Resize column' });
  const g = (await grip.boundingBox())!;
  await page.mouse.move(g.x + g.width / 2, g.y + g.height / 2);
  await page.mouse.down();
  await page.mouse.move(g.x + g.width / 2 + 30, g.y + g.height / 2, { steps: 3 });
  await page.mouse.move(g.x + g.width / 2 + 60, g.y + g.height / 2, { steps: 3 });
  await page.mouse.up();
  await expect
    .poll(async () => (await header(page, 'Name').boundingBox())!.width)
    .toBeCloseTo(name.width + 60, 0);

  // Drag Duration onto Type: Duration now comes before it.
  await header(page, 'Duration, d').dragTo(header(page, 'Type'));
  await expect
    .poll(async () => (await headers(page)).slice(0, 4))
    .toEqual(['Code', 'Name', 'Duration, d', 'Type']);

  // Hide Type; freeze three columns.
  await page.getByRole('button', { name: 'Columns' }).click();
  const menu = page.getByRole('dialog', { name: 'Columns' });
  await menu.getByRole('checkbox', { name: 'Type' }).uncheck();
  const saved = layoutSaved();
  await menu.getByRole('spinbutton', { name: 'Frozen columns' }).fill('3');
  await page.keyboard.press('Escape');
  await saved;
  const arranged = await headers(page);
  expect(arranged).not.toContain('Type');
  await expect(header(page, 'Duration, d')).toHaveClass(/wb-cell-frozen-last/);

  await page.reload();
  await expect(page.getByTestId('timetable-state')).toHaveText('Calculated');
  await expect.poll(() => headers(page)).toEqual(arranged);
  await expect(header(page, 'Duration, d')).toHaveClass(/wb-cell-frozen-last/);
  expect((await header(page, 'Name').boundingBox())!.width).toBeCloseTo(name.width + 60, 0);
});

// A user quicker than a slow line: the column is hidden while the version, or its saved layout,
// is still on its way. Each read is held until the column is hidden, then let through.
for (const [held, url] of [
  ['the version', /\/schedules\/[^/]+\/versions$/],
  ['the saved layout', /\/version-layout$/],
] as const) {
  test(`a column hidden before ${held} has arrived stays hidden, and is saved`, async ({ page, request }) => {
    const s = await scheduleInNewSpace(request, 'wbcolsrace');
    let release!: () => void;
    const released = new Promise<void>((r) => (release = r));
    await page.route(url, async (route) => {
      if (route.request().method() === 'GET') await released;
      await route.continue();
    });
    await signedIn(page, s.account, `/${s.spaceId}/schedule/${s.scheduleId}`);
    await expect(header(page, 'Type')).toBeVisible();
    await page.getByRole('button', { name: 'Columns' }).click();
    await page.getByRole('dialog', { name: 'Columns' }).getByRole('checkbox', { name: 'Type' }).uncheck();
    await page.keyboard.press('Escape');
    const saved = page.waitForResponse(
      (r) => r.url().endsWith('/version-layout') && r.request().method() === 'PUT',
    );
    release();
    await saved;
    await expect(page.getByTestId('timetable-state')).toHaveText('Calculated');
    expect(await headers(page)).not.toContain('Type');

    await page.unroute(url);
    await page.reload();
    await expect(page.getByTestId('timetable-state')).toHaveText('Calculated');
    // The defaults show until the saved layout is read.
    await expect
      .poll(async () => {
        const shown = await headers(page);
        return shown.includes('Name') && !shown.includes('Type');
      })
      .toBe(true);
  });
}
