// The target version: chosen in the toolbar, it goes into the address (?target=) and its bars are
// drawn under the current ones; the address alone brings it back after a reload.
import { type Page, expect, test } from '@playwright/test';
import { openDemoSchedule } from './platform-helpers';

const target = (page: Page) => page.getByRole('combobox', { name: 'Target' });

/** A fingerprint of what the static Gantt canvas shows. */
const drawing = (page: Page) =>
  page.evaluate(() => {
    const c = document.querySelector('.wb-gantt canvas') as HTMLCanvasElement;
    const px = c.getContext('2d')!.getImageData(0, 0, c.width, c.height).data;
    let h = 0;
    for (let i = 0; i < px.length; i += 4) h = (h * 31 + px[i]! + 7 * px[i + 1]! + 13 * px[i + 2]!) | 0;
    return h;
  });

/** The drawing once two reads 300 ms apart agree (the canvas repaints after data arrives). */
async function stableDrawing(page: Page): Promise<number> {
  let last = await drawing(page);
  for (;;) {
    await page.waitForTimeout(300);
    const now = await drawing(page);
    if (now === last) return now;
    last = now;
  }
}

test('a target version chosen in the toolbar is drawn and kept in the address', async ({ page }) => {
  await openDemoSchedule(page);
  await expect(page.getByTestId('timetable-state')).toHaveText('Calculated');
  await expect(target(page)).toHaveValue('');
  await page.waitForTimeout(300);
  const plain = await drawing(page);

  await target(page).selectOption({ label: 'Target (contract baseline)' });
  await expect(page).toHaveURL(/[?&]target=[0-9a-f-]{36}/);
  const id = new URL(page.url()).searchParams.get('target')!;
  await expect.poll(() => drawing(page)).not.toBe(plain);

  await page.reload();
  await expect(target(page)).toHaveValue(id);
  await expect(page.getByTestId('timetable-state')).toHaveText('Calculated');
  // The target's dates arrive after the schedule's: wait until they are drawn and the picture holds.
  await expect.poll(() => drawing(page)).not.toBe(plain);
  const withTarget = await stableDrawing(page);
  await target(page).selectOption({ label: 'No target' });
  await expect(page).not.toHaveURL(/target=/);
  await expect.poll(() => drawing(page)).not.toBe(withTarget);
});
