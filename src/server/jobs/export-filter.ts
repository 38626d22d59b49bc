// The schedule page's filter on a version export (`POST versions/{id}/export/{format}` with
// `filter` and/or `filter_indicator`): the rows that pass, with the summaries above them, as the
// grid shows them. Read as the print reads a filtered grid (server/print/arrange-rows.ts
// printReader, server/print/indicator-rows.ts): the stored rows and the dates, floats and critical
// flags of the last calculation, durations and floats in working days of the row's calendar, the
// status as the status column reads it, volume and price from the rows, attributes as stored (one
// hidden from the asking role reads as empty); start and finish as the grid shows them (the actual
// dates where there are some). Not read here: colours, accepted dates, calculated attributes'
// values, start and finish float (the server stores none of them with the rows): they read as empty.
import type { Kysely } from 'kysely';
import { isoDay, parseFilter, type FieldValue } from '../../domain/filter';
import type { GridIndicator } from '../../domain/indicators/grid-filter';
import { filterRows, type TreeRow } from '../../domain/print/arrange';
import type { ScheduleModel } from '../../domain/schedule/model';
import { shownFinish, shownStart } from '../../domain/schedule/shown-dates';
import type { DB } from '../db/schema';
import { printReader } from '../print/arrange-rows';
import { indicatorRows } from '../print/indicator-rows';

/** The ids a filtered export keeps (passing rows and their ancestors); null: no filter. */
export async function exportFilterKeep(
  db: Kysely<DB>,
  spaceId: string,
  versionId: string,
  model: ScheduleModel,
  filter: string | undefined,
  indicator: GridIndicator | undefined,
  dataDate: number | null,
): Promise<Set<string> | null> {
  if (!filter && !indicator) return null;
  const parsed = filter ? parseFilter(filter) : null;
  // The route's schema refused a bad filter with a 400 naming it.
  if (parsed && !parsed.ok) throw new Error(`export filter checked by the schema: ${parsed.path}`);
  const rows: TreeRow[] = model.activities.map((a) => ({ id: a.id, parent: a.parentId ?? null }));
  const amounts = await db
    .selectFrom('wbs_items')
    .select(['id', 'volume', 'price'])
    .where('space_id', '=', spaceId)
    .where('version_id', '=', versionId)
    .execute();
  const stored = printReader(
    model,
    rows,
    new Map(amounts.map((r) => [r.id, { volume: r.volume, price: r.price }])),
  );
  const byId = new Map(model.activities.map((a) => [a.id, a]));
  const read = (id: string, field: string): FieldValue => {
    if (field !== 'start' && field !== 'finish') return stored(id, field);
    const a = byId.get(id);
    const s = a?.stored;
    if (!a || !s) return null;
    const m = field === 'start' ? shownStart(a, s.es ?? null) : shownFinish(a, s.ef ?? null);
    return m === null || m < 0 ? null : isoDay(m);
  };
  const keep = indicator ? indicatorRows(indicator, model, null, dataDate, read) : undefined;
  return filterRows(rows, parsed?.filter ?? null, read, keep);
}
