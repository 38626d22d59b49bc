// The 3D/BIM screen, the rest of issue 25: walls linked by rule appear in the 4D player on their
// row's start date (in-progress orange pixels: none the day before, many on the day), colour by a
// quality indicator with its legend, undo and redo of a link edit, a site volume (primitive
// model) placed and recoloured, and the saved view (camera, hidden elements) restored on reload.
import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { FIXTURE, row } from './bim-helpers';
import { type Page, expect, test } from '@playwright/test';
import { toMinutes } from '../../src/domain/calendar/time';
import { addRowsByApi, api, scheduleInNewSpace, signedIn } from './platform-helpers';

type Hue = 'orange';
/** Pixels of the canvas in a hue (lit surfaces: compared by channel ratios, not exact values). */
async function pixels(page: Page, hue: Hue): Promise<number> {
  return page.evaluate(async (h) => {
    const img = new Image();
    img.src = window.__bimViewer!.toPng();
    await img.decode();
    const c = document.createElement('canvas');
    c.width = img.width;
    c.height = img.height;
    const g = c.getContext('2d')!;
    g.drawImage(img, 0, 0);
    const d = g.getImageData(0, 0, c.width, c.height).data;
    let n = 0;
    for (let i = 0; i < d.length; i += 4) {
      const r = d[i]!;
      const gr = d[i + 1]!;
      const b = d[i + 2]!;
      if (r < 90) continue;
      if (h === 'orange' && gr > 0.45 * r && gr < 0.85 * r && b < 0.3 * r) n++;
    }
    return n;
  }, hue);
}

test.skip(!existsSync(FIXTURE), 'the shared IFC fixtures are absent');

test('4D start date, indicator and deviation legends, undo of links', async ({ page, request }) => {
  test.setTimeout(240_000);
  const s = await scheduleInNewSpace(request, 'bim');
  const as = <T>(method: 'GET' | 'POST' | 'PATCH', p: string, data?: unknown) =>
    api<T>(request, s.account, method, p, data, s.spaceId);
  const [version] = await as<{ id: string; revision: number }[]>(
    'GET',
    `/schedules/${s.scheduleId}/versions`,
  );
  const walls = randomUUID();
  const rows: ReturnType<typeof row>[] = [
    // Still running (no actual finish): the DCMA indicators assess unfinished work only.
    {
      ...row(walls, 'a0', 'W-01', 'Walls first floor', toMinutes(2026, 3, 2, 8), 0),
      actualFinish: null,
      percentComplete: 50,
    },
    row(randomUUID(), 'a1', 'W-02', 'Roof', toMinutes(2026, 3, 23, 8), toMinutes(2026, 4, 10, 17)),
  ];
  await addRowsByApi(request, s, version!, rows);
  // Calculated, as a planner's version is: the running row's finish is its early finish.
  await as('PATCH', `/versions/${version!.id}/timetable/calculate/synchronous`);

  await signedIn(page, s.account, `/${s.spaceId}/bim`);
  // The input opens once the project is known (the structure read).
  await expect(page.getByTestId('bim-upload')).toBeEnabled();
  await page.getByTestId('bim-upload').setInputFiles(FIXTURE);
  await expect(page.getByTestId('bim-canvas')).toHaveAttribute('data-ready', 'true', { timeout: 120_000 });
  const wallsRow = page.getByTestId('bim-rows').locator(`[data-wbs-id="${walls}"]`);

  // Link one storey's walls by rule.
  await wallsRow.click();
  await page.getByLabel('Row', { exact: true }).selectOption('value');
  await page.getByLabel('Value (for the selected rows)').fill('01 eerste verdieping');
  await page.getByLabel('Classes (optional, comma separated)', { exact: true }).fill('IfcWall');
  await page.getByRole('button', { name: 'Link by rule' }).click();
  await expect(page.getByTestId('bim-message')).toContainText(/links created \(1 rows/);
  const linked = Number(
    /(\d+) links created/.exec((await page.getByTestId('bim-message').textContent())!)![1],
  );
  await expect(wallsRow).toContainText(`${linked} elements`);

  // Undo removes the links, redo brings them back (Ctrl+Z outside text fields undoes too).
  await page.getByRole('button', { name: 'Undo link edit' }).click();
  await expect(page.getByTestId('bim-message')).toContainText(`Undone: ${linked} links removed`);
  await expect(wallsRow).not.toContainText('elements');
  await page.getByRole('button', { name: 'Redo link edit' }).click();
  await expect(wallsRow).toContainText(`${linked} elements`);
  await page.getByRole('button', { name: 'Undo link edit' }).focus();
  await page.keyboard.press('Control+z');
  await expect(wallsRow).not.toContainText('elements');
  await page.keyboard.press('Control+Shift+z');
  await expect(wallsRow).toContainText(`${linked} elements`);
  await page.getByRole('button', { name: 'Clear selection' }).click();

  // 4D: the day before the row's start the walls are not drawn; on its start date they appear
  // in the in-progress colour.
  const scrub = page.getByLabel('Date', { exact: true });
  await expect(scrub).toBeEnabled();
  await scrub.fill(String(toMinutes(2026, 3, 1, 8)));
  await expect(page.getByTestId('bim-date')).toHaveText('2026-03-01');
  await expect.poll(() => pixels(page, 'orange')).toBeLessThan(50);
  await scrub.fill(String(toMinutes(2026, 3, 2, 8)));
  await expect(page.getByTestId('bim-date')).toHaveText('2026-03-02');
  await expect.poll(() => pixels(page, 'orange')).toBeGreaterThan(1000);
  await page.screenshot({ path: '/tmp/bim-more-1-4d.png' });

  // Colour by a quality indicator: rows without logic are flagged; the legend counts elements.
  await page.getByTestId('bim-colour-by').selectOption('ind:logic');
  await expect(page.getByTestId('bim-legend')).toContainText(`Rows failing the indicator (${linked})`);
  await expect(page.getByTestId('bim-legend')).toContainText('Rows passing (0)');
  await page.screenshot({ path: '/tmp/bim-more-2-indicator.png' });
  await page.getByTestId('bim-colour-by').selectOption('deviation');
  await expect(page.getByTestId('bim-legend')).toContainText('No target date');
  await page.getByTestId('bim-colour-by').selectOption('profile');

  // Not checked in the browser yet (docs/bim.md): the indicator colours on the canvas while the
  // 4D player runs, site volumes and the saved view; their calls are covered by bim-more.test.
});
