// The calendar editor's year view as a planner uses it: twelve months with their working days; a
// click makes a working day a holiday; the keyboard walks the days (arrows, Page Down, End) into
// the next year, Enter makes a Saturday a working day whose hours are then typed; the save keeps
// the three exceptions. Screenshots in en and ru.
import { expect, test } from '@playwright/test';
import { dayOf } from '../../src/domain/calendar-edit';
import { api, scheduleInNewSpace, signedIn } from './platform-helpers';

const day8 = [{ start: 480, end: 1020 }];

test('a year of a calendar: toggle days by click and keyboard, type a day’s hours, save', async ({
  page,
  request,
}) => {
  const s = await scheduleInNewSpace(request, 'calyear');
  const cal = await api<{ id: string }>(
    request,
    s.account,
    'POST',
    '/calendars',
    {
      name: 'Site 5d',
      week: [[], day8, day8, day8, day8, day8, []],
      exceptions: [],
      hours_per_day: 8,
      hours_per_week: 40,
      hours_per_month: 173.33,
    },
    s.spaceId,
  );
  await signedIn(page, s.account, `/${s.spaceId}/calendars`);
  const list = page.getByRole('navigation', { name: 'Calendars of the space' });
  await list.getByRole('button', { name: /^Site 5d / }).click();
  await page.getByRole('button', { name: 'Year', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Year', exact: true })).toHaveAttribute(
    'aria-pressed',
    'true',
  );

  // To 2027 with the year buttons.
  const title = page.locator('.cal-year .cal-month__title');
  for (let i = 0; i < 60 && (await title.textContent()) !== '2027'; i++) {
    const y = Number(await title.textContent());
    await page.getByRole('button', { name: y < 2027 ? 'Next year' : 'Previous year' }).click();
    await expect(title).not.toHaveText(String(y));
  }
  await expect(title).toHaveText('2027');
  await expect(page.getByRole('grid')).toHaveCount(12);
  const february = page.locator('.cal-year__month', {
    has: page.getByRole('grid', { name: 'February 2027' }),
  });
  await expect(february).toContainText('20 working days');

  // A click: Tuesday 23 February becomes a holiday.
  await page.getByRole('gridcell', { name: 'February 23, 2027: Working day' }).click();
  await expect(page.getByRole('gridcell', { name: 'February 23, 2027: Holiday' })).toBeFocused();
  await expect(february).toContainText('19 working days');

  // The keyboard: → and Enter make the 24th a holiday too.
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('gridcell', { name: /^February 24, 2027:/ })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(february).toContainText('18 working days');
  await page.screenshot({ path: 'test-results/calendar-year-en.png' });
  // Page Down to 24 March, End to the 31st, then on to December and over into 2028.
  await page.keyboard.press('PageDown');
  await expect(page.getByRole('gridcell', { name: /^March 24, 2027:/ })).toBeFocused();
  await page.keyboard.press('End');
  await expect(page.getByRole('gridcell', { name: /^March 31, 2027:/ })).toBeFocused();
  // April has 30 days: the walk goes on from the 30th.
  for (let i = 0; i < 9; i++) await page.keyboard.press('PageDown');
  await expect(page.getByRole('gridcell', { name: /^December 30, 2027:/ })).toBeFocused();
  await page.keyboard.press('End');
  await expect(page.getByRole('gridcell', { name: /^December 31, 2027:/ })).toBeFocused();
  await page.keyboard.press('ArrowRight');
  await expect(title).toHaveText('2028');
  const newYear = page.getByRole('gridcell', { name: /^January 1, 2028:/ });
  await expect(newYear).toBeFocused();
  await expect(newYear).toHaveAccessibleName('January 1, 2028: Day off');
  // Enter: the Saturday becomes a working day; its hours are typed below.
  await page.keyboard.press('Enter');
  await expect(newYear).toHaveAccessibleName('January 1, 2028: Working exception');
  const hours = page.getByRole('textbox', { name: 'Working time on January 1, 2028' });
  await expect(hours).toHaveValue('08:00-17:00');
  await hours.fill('09:00-13:00');
  await hours.press('Enter');
  await expect(page.getByText('Unsaved changes')).toBeVisible();

  await page.getByRole('button', { name: 'Save' }).click();
  // Versions on the space's default calendar are named first; then the save goes on.
  const ask = page.getByRole('dialog', { name: 'Recalculate versions' });
  const saved = page.getByText('Calendar saved');
  await expect(saved.or(ask)).toBeVisible();
  if (await ask.isVisible()) await ask.getByRole('button', { name: 'Save' }).click();
  await expect(saved).toBeVisible();
  await expect(page.getByText('Unsaved changes')).toHaveCount(0);
  const stored = await api<{ id: string; exceptions: { day: number; intervals: unknown[] }[] }[]>(
    request,
    s.account,
    'GET',
    '/calendars',
    undefined,
    s.spaceId,
  );
  expect(stored.find((c) => c.id === cal.id)!.exceptions).toEqual([
    { day: dayOf(new Date(2027, 1, 23)), intervals: [] },
    { day: dayOf(new Date(2027, 1, 24)), intervals: [] },
    { day: dayOf(new Date(2028, 0, 1)), intervals: [{ start: 540, end: 780 }] },
  ]);

  await page.getByRole('combobox', { name: 'Language' }).selectOption('ru');
  await expect(page.getByRole('button', { name: 'Год', exact: true })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await page.getByRole('button', { name: 'Предыдущий год' }).click();
  await expect(title).toHaveText('2027');
  await expect(page.locator('.cal-year__month', { hasText: 'февраль' })).toContainText('18 рабочих дней');
  await page.getByRole('gridcell', { name: /^23 февраля 2027/ }).scrollIntoViewIfNeeded();
  await page.screenshot({ path: 'test-results/calendar-year-ru.png' });
});
