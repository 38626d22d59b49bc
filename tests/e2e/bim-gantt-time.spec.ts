// The 4D player's time on the workbench's Gantt (issue 25: "a date scrubber tied to the Gantt"):
// while the 3D pane is open its player's time is a green line on the Gantt's canvas (found by
// its pixels; the chart scrolls to it), it moves with the scrubber, a click on the timescale moves the player
// there, and the line goes when the pane closes.
import { existsSync } from 'node:fs';
import { type Locator, type Page, expect, test } from '@playwright/test';
import { formatLocal } from '../../src/domain/calendar/time';
import { FIXTURE, WALLS_START, linkedModel } from './bim-helpers';
import { openWorkbench } from './workbench-helpers';

const GANTT = '.wb-gantt canvas[aria-hidden]';

/** Columns of the Gantt's static canvas holding the player line's green (#12b886) in > 20 pixels. */
async function greenColumns(page: Page): Promise<number[]> {
  return page.evaluate((sel) => {
    const c = document.querySelector<HTMLCanvasElement>(sel)!;
    const d = c.getContext('2d')!.getImageData(0, 0, c.width, c.height).data;
    const dpr = window.devicePixelRatio || 1;
    const cols: number[] = [];
    for (let x = 0; x < c.width; x++) {
      let n = 0;
      for (let y = 0; y < c.height; y++) {
        const i = (y * c.width + x) * 4;
        if (Math.abs(d[i]! - 0x12) + Math.abs(d[i + 1]! - 0xb8) + Math.abs(d[i + 2]! - 0x86) < 40) n++;
      }
      if (n > 20) cols.push(Math.round(x / dpr));
    }
    return cols;
  }, GANTT);
}

async function scrubTo(input: Locator, value: number) {
  await input.evaluate((el, v) => {
    const set = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
    set.call(el, String(v));
    el.dispatchEvent(new Event('input', { bubbles: true }));
  }, value);
}

test.skip(!existsSync(FIXTURE), `the shared IFC fixture ${FIXTURE} is absent`);

test('the player’s time is a line on the Gantt; a click on the timescale moves the player', async ({
  page,
  request,
}) => {
  test.setTimeout(240_000);
  const { s } = await linkedModel(request, 'bimganttline');
  await openWorkbench(page, s);
  await page.locator(GANTT).waitFor();
  expect(await greenColumns(page)).toEqual([]);

  await page.getByRole('button', { name: '3D model pane' }).click();
  const pane = page.getByTestId('bim-pane');
  await expect(pane.getByTestId('bim-pane-canvas')).toHaveAttribute('data-ready', 'true', {
    timeout: 60_000,
  });
  await pane.getByTestId('bim-pane-4d').check();
  const scrub = pane.getByTestId('bim-pane-scrub');
  await scrubTo(scrub, WALLS_START);
  await expect(pane.getByTestId('bim-pane-date')).toHaveText(formatLocal(WALLS_START).slice(0, 10));
  await expect.poll(() => greenColumns(page).then((c) => c.length)).toBeGreaterThan(0);
  const at = await greenColumns(page);
  const x1 = at[0]!;
  // One line, 1–3 px wide.
  expect(at[at.length - 1]! - x1).toBeLessThanOrEqual(3);
  // A week later the line moves right.
  await scrubTo(scrub, WALLS_START + 7 * 1440);
  await expect.poll(async () => (await greenColumns(page))[0] ?? -1).toBeGreaterThan(x1);
  const x2 = (await greenColumns(page))[0]!;
  await page.screenshot({ path: '/tmp/bim-gantt-time-1.png' });

  // A click on the timescale halfway between sets the player's time there: the date between
  // the two, and the line where the click was.
  const box = (await page.locator(GANTT).boundingBox())!;
  const mid = Math.round((x1 + x2) / 2);
  await page.mouse.click(box.x + mid, box.y + 10);
  await expect.poll(async () => (await greenColumns(page))[0] ?? -1).toBeLessThan(x2);
  const cols = await greenColumns(page);
  expect(Math.abs(cols[0]! - mid)).toBeLessThanOrEqual(2);
  const shown = (await pane.getByTestId('bim-pane-date').textContent())!;
  expect(shown > formatLocal(WALLS_START).slice(0, 10)).toBe(true);
  expect(shown < formatLocal(WALLS_START + 7 * 1440).slice(0, 10)).toBe(true);

  // Closed pane: no line.
  await page.getByRole('button', { name: '3D model pane' }).click();
  await expect.poll(() => greenColumns(page).then((c) => c.length)).toBe(0);
});
