// The toolbar's words for a schedule the engine refused: a cycle named by its activities' codes
// (or names) as the grid shows them, in order and closed, rather than by internal ids.

import type { WbsRow } from '../../domain/wbs/types';
import type { ScheduleFailure } from '../../workers/schedule-client';

type Translate = (key: string, params?: Record<string, unknown>) => string;

/** How a row is named in a message: its code, else its name, else its id. */
function rowName(row: WbsRow | undefined, id: string): string {
  return row?.code || row?.name || id;
}

export function scheduleFailureText(
  failure: ScheduleFailure,
  t: Translate,
  row: (id: string) => WbsRow | undefined,
): string {
  if (failure.code === 'schedule.cycle' && failure.ids.length > 0) {
    const names = failure.ids.map((id) => rowName(row(id), id));
    return t('schedule_error.cycle', { activities: [...names, names[0]].join(' → ') });
  }
  return t('schedule_error.failed', { message: failure.message });
}
