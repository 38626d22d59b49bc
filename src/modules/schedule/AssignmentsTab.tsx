// The assignments tab (editing: src/modules/resources/AssignmentsEditor.tsx) and the read-only
// view of a row's assignments as an import (P6 XER / XML, MS Project MSPDI …) brought them in
// (GET versions/{id}/assignment/wbs/{wbsId}):
// resource, kind, the type the file gave it, planned units (hours for labor and nonlabor, a
// quantity for material) and the resource's calendar; the labor and nonlabor hours in total.

import type { Assignment } from '../../api/version-resources';
import { formatNumber } from '../../domain/format';
import type { CellTextContext } from '../../state/workbench/cell-text';
import { AssignmentsEditor } from '../resources/AssignmentsEditor';
import type { Loaded } from './version-resources';
import { TabEmpty } from './panel-parts';

type T = (key: string, params?: Record<string, unknown>) => string;

const isHours = (a: Assignment) => a.resource_type === 'labor' || a.resource_type === 'nonlabor';

/** Units as the file counts them: hours for labor and nonlabor, else a plain quantity. */
export function unitsText(a: Assignment, lang: CellTextContext['lang'], t: T): string {
  const n = formatNumber(a.units, { lang, decimals: 2, trimZeros: true });
  return isHours(a) ? t('assignments.hours', { value: n }) : n;
}

/** The list itself (a pure view of a load's state: tests render it to markup). */
export function AssignmentsView({
  loaded,
  ctx,
  t,
}: {
  loaded: Loaded<readonly Assignment[]>;
  ctx: CellTextContext;
  t: T;
}) {
  if (loaded.status === 'loading') return <p className="wb-dim">{t('assignments.loading')}</p>;
  if (loaded.status === 'error')
    return (
      <p className="wb-rel-error" role="alert">
        {t('assignments.failed', { message: loaded.message })}
      </p>
    );
  const items = loaded.value;
  if (items.length === 0) return <TabEmpty tab="assignments" t={t} />;
  const hours = items.filter(isHours).reduce((sum, a) => sum + a.units, 0);
  return (
    <div className="wb-asg">
      <p className="wb-dim wb-tab-note">{t('assignments.note')}</p>
      <table className="wb-asg-table">
        <thead>
          <tr>
            <th>{t('assignments.resource')}</th>
            <th>{t('assignments.kind')}</th>
            <th>{t('assignments.type')}</th>
            <th className="wb-rel-num">{t('assignments.units')}</th>
            <th>{t('assignments.calendar')}</th>
          </tr>
        </thead>
        <tbody>
          {items.map((a) => {
            const calendar = a.calendar_id ? ctx.calendarName(a.calendar_id) : '';
            return (
              <tr key={a.id}>
                <td className="wb-asg-text" title={a.resource_name}>
                  {a.resource_name}
                </td>
                <td>{t(`assignments.kinds.${a.kind}`)}</td>
                <td>{a.resource_type ? t(`assignments.types.${a.resource_type}`) : '—'}</td>
                <td className="wb-rel-num">{unitsText(a, ctx.lang, t)}</td>
                <td className="wb-asg-text" title={calendar || undefined}>
                  {calendar || '—'}
                </td>
              </tr>
            );
          })}
        </tbody>
        {hours > 0 && (
          <tfoot>
            <tr>
              <td colSpan={3}>{t('assignments.total')}</td>
              <td className="wb-rel-num">
                {t('assignments.hours', {
                  value: formatNumber(hours, { lang: ctx.lang, decimals: 2, trimZeros: true }),
                })}
              </td>
              <td />
            </tr>
          </tfoot>
        )}
      </table>
    </div>
  );
}

/** The tab itself edits (src/modules/resources): assignments are made, changed and undone there. */
export function AssignmentsTab({
  rowId,
  ctx,
  place,
}: {
  rowId: string;
  ctx: CellTextContext;
  t: T;
  /** The row's own version and id (the project grid): edited there when `editable`. */
  place?: { versionId: string; rowId: string; scheduleId?: string; editable?: boolean } | undefined;
}) {
  return <AssignmentsEditor rowId={rowId} ctx={ctx} place={place} />;
}
