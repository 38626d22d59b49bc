// The 3D/BIM screen (issue 25): upload the small IFC fixture, see its storeys in the spatial tree,
// link one storey's walls to a row by rule, play the 4D player, click an element in the model and
// see its row selected. The canvas must not be blank (software WebGL in headless Chromium).
import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { FIXTURE, row } from './bim-helpers';
import { type Page, expect, test } from '@playwright/test';
import { toMinutes } from '../../src/domain/calendar/time';
import { addRowsByApi, api, scheduleInNewSpace, signedIn } from './platform-helpers';

/** Pixels of the WebGL canvas that differ from its clear colour. */
async function paintedPixels(page: Page): Promise<number> {
  return page.evaluate(async () => {
    const v = window.__bimViewer!;
    const url = v.toPng();
    const img = new Image();
    img.src = url;
    await img.decode();
    const c = document.createElement('canvas');
    c.width = img.width;
    c.height = img.height;
    const g = c.getContext('2d')!;
    g.drawImage(img, 0, 0);
    const d = g.getImageData(0, 0, c.width, c.height).data;
    let n = 0;
    for (let i = 0; i < d.length; i += 4)
      if (Math.abs(d[i]! - 0xf4) + Math.abs(d[i + 1]! - 0xf6) + Math.abs(d[i + 2]! - 0xf9) > 24) n++;
    return n;
  });
}

test.skip(!existsSync(FIXTURE), 'the shared IFC fixtures are absent');

test('upload an IFC, see its storeys, link walls by rule, play 4D, pick an element and see its row', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const s = await scheduleInNewSpace(request, 'bim');
  const as = <T>(method: 'GET' | 'POST', p: string, data?: unknown) =>
    api<T>(request, s.account, method, p, data, s.spaceId);
  const [version] = await as<{ id: string; revision: number }[]>(
    'GET',
    `/schedules/${s.scheduleId}/versions`,
  );
  const walls = randomUUID();
  const rows = [
    row(walls, 'a0', 'W-01', 'Walls first floor', toMinutes(2026, 3, 2, 8), toMinutes(2026, 3, 20, 17)),
    row(randomUUID(), 'a1', 'W-02', 'Roof', toMinutes(2026, 3, 23, 8), toMinutes(2026, 4, 10, 17)),
  ];
  await addRowsByApi(request, s, version!, rows);

  // The screen's first read of the model list is answered late (as on a loaded server), after the
  // upload's own read: the late, older list must not take the uploaded model off the screen.
  let firstList = true;
  await page.route(/\/api\/v1\/projects\/[^/]+\/3d(\?.*)?$/, async (route) => {
    if (route.request().method() !== 'GET' || !firstList) return route.fallback();
    firstList = false;
    const answer = await route.fetch();
    await new Promise((r) => setTimeout(r, 4_000));
    await route.fulfill({ response: answer });
  });
  // The structure (which names the project a model goes to) is answered late too: a file chosen
  // before it was dropped without a word; the upload input now opens only once it is read.
  await page.route(/\/api\/v1\/space\/[^/]+\/eps(\?.*)?$/, async (route) => {
    await new Promise((r) => setTimeout(r, 3_000));
    await route.fallback();
  });
  await signedIn(page, s.account, `/${s.spaceId}/bim`);
  // The input opens once the project is known (the structure read).
  await expect(page.getByTestId('bim-upload')).toBeEnabled();
  await page.getByTestId('bim-upload').setInputFiles(FIXTURE);
  // Read as a job; then the geometry streams in.
  await expect(page.getByTestId('bim-canvas')).toHaveAttribute('data-ready', 'true', { timeout: 120_000 });
  const tree = page.getByTestId('bim-tree');
  for (const storey of [
    '00 begane grond',
    '01 eerste verdieping',
    '02 tweede verdieping',
    '03 derde verdieping',
    '04 dak',
  ])
    await expect(tree.getByRole('button', { name: new RegExp(`BuildingStorey ${storey}`) })).toBeVisible();
  expect(await paintedPixels(page)).toBeGreaterThan(2000);
  await page.screenshot({ path: '/tmp/bim-1-model.png' });

  // Link the walls of one storey to the row by rule (storey equals a value, walls only).
  await page.getByTestId('bim-rows').getByText('Walls first floor').click();
  await page.getByLabel('Row', { exact: true }).selectOption('value');
  await page.getByLabel('Value (for the selected rows)').fill('01 eerste verdieping');
  await page.getByLabel('Classes (optional, comma separated)', { exact: true }).fill('IfcWall');
  await page.getByRole('button', { name: 'Link by rule' }).click();
  await expect(page.getByTestId('bim-message')).toContainText(/links created \(1 rows/);
  const linked = Number(
    /(\d+) links created/.exec((await page.getByTestId('bim-message').textContent())!)![1],
  );
  expect(linked).toBeGreaterThan(5);
  await expect(page.getByTestId('bim-rows').locator(`[data-wbs-id="${walls}"]`)).toContainText(
    `${linked} elements`,
  );

  // 4D: scrub to the start (walls not yet built), then play to the end.
  const scrub = page.getByLabel('Date', { exact: true });
  await expect(scrub).toBeEnabled();
  await scrub.fill(String(toMinutes(2026, 3, 10)));
  await expect(page.getByTestId('bim-date')).toHaveText('2026-03-10');
  await page.getByRole('button', { name: 'Play' }).click();
  await page.getByLabel('Speed').selectOption('30');
  await expect(page.getByRole('button', { name: 'Play' })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('bim-date')).toHaveText('2026-03-20');
  expect(await paintedPixels(page)).toBeGreaterThan(2000);
  await page.screenshot({ path: '/tmp/bim-2-4d.png' });

  // Click a linked wall in the model: its row is selected.
  await page.getByTestId('bim-rows').locator(`[data-wbs-id="${walls}"]`).click();
  const wallIds = await page.evaluate(() => window.__bimViewer!.getSelection());
  expect(wallIds.length).toBe(linked);
  await page.getByRole('button', { name: 'Isolate' }).click();
  await page.getByRole('button', { name: 'Clear selection' }).click();
  await expect(page.getByTestId('bim-rows').locator(`[data-wbs-id="${walls}"]`)).toHaveAttribute(
    'aria-pressed',
    'false',
  );
  const target = await page.evaluate((ids) => window.__bimViewer!.visiblePointOf(ids), wallIds);
  expect(target).not.toBeNull();
  await page.mouse.click(target!.x, target!.y);
  await expect(page.getByTestId('bim-rows').locator(`[data-wbs-id="${walls}"]`)).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expect(page.getByTestId('bim-info')).toContainText('IfcWall');
  await page.screenshot({ path: '/tmp/bim-3-picked.png' });
});
