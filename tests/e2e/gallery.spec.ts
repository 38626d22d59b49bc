// The node panel's gallery tab in Chromium: a photo uploads to the focused row's gallery and shows
// its thumbnail and the date taken from its EXIF; it opens in the lightbox (← → move, Esc closes
// and gives the focus back); a comment is added with its author, an empty one is refused in place;
// the same from a phone-sized screen (390 × 844).
import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import sharp from 'sharp';
import { openDemoSchedule } from './platform-helpers';
import { cell } from './workbench-helpers';

test.describe.configure({ mode: 'serial' });

const photo = (background: string, date: string) =>
  sharp({ create: { width: 1600, height: 1200, channels: 3, background } })
    .jpeg()
    .withExif({ IFD2: { DateTimeOriginal: date } })
    .toBuffer();

async function openGallery(page: Page, row: number) {
  await openDemoSchedule(page);
  await cell(page, row, 1).click();
  await page.getByRole('tab', { name: 'Gallery' }).click();
  await expect(page.getByRole('button', { name: 'Add photo' })).toBeVisible();
}

async function addPhoto(page: Page, name: string, data: Buffer) {
  await page.getByTestId('gallery-file').setInputFiles({ name, mimeType: 'image/jpeg', buffer: data });
  const thumb = page.getByRole('button', { name: `Open photo ${name}` });
  await expect(thumb).toBeVisible();
  // The thumbnail really loaded (by its signed link, no token in the request).
  await expect
    .poll(() => thumb.locator('img').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBe(320);
  return thumb;
}

test('a photo uploads with its thumbnail, opens in the lightbox, and a comment is added', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await openGallery(page, 6);
  await expect(page.getByText('No photos yet.')).toBeVisible();

  const first = await addPhoto(page, 'slab-pour.jpg', await photo('#7a9', '2024:05:17 10:31:00'));
  await expect(page.getByText('Taken 17/05/2024, 10:31')).toBeVisible();
  await addPhoto(page, 'rebar.jpg', await photo('#a75', '2024:05:18 08:05:00'));

  // Newest taken first: rebar, then slab-pour. Open the older one, move with the arrows.
  await first.click();
  const box = page.getByRole('dialog', { name: 'Photo 2 of 2' });
  await expect(box).toBeVisible();
  await expect
    .poll(() => box.locator('img').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBe(1600);
  await expect(box).toContainText('slab-pour.jpg');
  await expect(box).toContainText('Taken 17/05/2024, 10:31');
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('dialog', { name: 'Photo 1 of 2' })).toContainText('rebar.jpg');
  await page.keyboard.press('ArrowLeft');
  await expect(page.getByRole('dialog', { name: 'Photo 2 of 2' })).toBeVisible();
  await page.screenshot({ path: '/tmp/gallery-lightbox.png' });
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(first).toBeFocused();

  // Comments: an empty one is refused in place; a real one shows with its author and date.
  const comments = page.getByRole('region', { name: 'Comments' });
  await comments.getByRole('button', { name: 'Add comment' }).click();
  await expect(comments.getByRole('alert')).toHaveText('Write something first: the comment is empty');
  await comments.getByPlaceholder('Write a comment…').fill('Slab poured, curing until Friday');
  await comments.getByRole('button', { name: 'Add comment' }).click();
  const item = comments.getByRole('listitem').filter({ hasText: 'Slab poured, curing until Friday' });
  await expect(item).toBeVisible();
  await expect(item.locator('time')).toBeVisible();
  await expect(item.getByRole('button', { name: 'Edit' })).toBeVisible();
  await page.screenshot({ path: '/tmp/gallery-desktop.png' });

  // Another row has none of them; the whole schedule has them all.
  await cell(page, 7, 1).click();
  await expect(page.getByText('No photos yet.')).toBeVisible();
  await page.getByRole('radio', { name: 'Whole schedule' }).click();
  await expect(page.getByRole('button', { name: /Open photo/ })).toHaveCount(2);
  await expect(comments.getByText('Slab poured, curing until Friday')).toBeVisible();
});

test('from a phone-sized screen: a photo uploads and opens in the lightbox', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await openGallery(page, 8);
  const thumb = await addPhoto(page, 'IMG_2041.JPG', await photo('#58c', '2024:06:01 14:20:00'));
  await page.screenshot({ path: '/tmp/gallery-phone.png' });
  await thumb.click();
  const box = page.getByRole('dialog', { name: 'Photo 1 of 1' });
  await expect(box).toBeVisible();
  const img = await box.locator('img').boundingBox();
  expect(img!.width).toBeLessThanOrEqual(390);
  await page.screenshot({ path: '/tmp/gallery-phone-lightbox.png' });
  await box.getByRole('button', { name: 'Close' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
});
