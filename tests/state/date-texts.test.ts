// The node panel shows its late dates and limits with the grid's date texts: a finish at midnight
// (24-hour calendars, elapsed durations) ends the day before, as the grid's Finish column says.
import { describe, expect, it } from 'vitest';
import { toMinutes } from '../../src/domain/calendar';
import { finishDateText, startDateText } from '../../src/state/workbench/cell-text';

describe('date texts of the grid', () => {
  it('a start reads its own day; a finish at midnight reads the day it ends', () => {
    const midnight = toMinutes(2026, 3, 10);
    expect(startDateText(midnight, 'en')).toBe('10.03.26');
    expect(finishDateText(midnight, 'en')).toBe('09.03.26');
    expect(finishDateText(midnight + 17 * 60, 'ru')).toBe('10.03.26');
  });
});
