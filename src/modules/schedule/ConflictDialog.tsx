// The dialog of an edit conflict: another planner changed the same places of the version since
// our batch's revision (409 wbs.edit_conflict). It lists each place — the row, the field, their
// value and ours — and asks which to keep; the save queue waits meanwhile and nothing is dropped
// (sync.ts applies the choice). Esc or the close button keeps theirs: the safe choice, nothing of
// theirs is overwritten and the rest of our change is still sent.
import type { EditConflict } from '../../api/wbs-batch';
import { Modal } from '../../app/ui/Modal';
import { useWorkbench, workbench } from '../../state/workbench/store';
import { chooseConflict } from '../../state/workbench/sync';

type T = (key: string, p?: Record<string, unknown>) => string;

/** Row fields as the grid names their columns. */
const FIELD_COLUMN: Record<string, string> = {
  name: 'col.name',
  code: 'col.code',
  nodeType: 'col.type',
  duration: 'col.duration',
  percentComplete: 'col.progress',
  calendarId: 'col.calendar',
  volume: 'col.volume',
  price: 'col.price',
};

function placeLabel(c: EditConflict, t: T): string {
  if (c.field === null) return t(c.target === 'rows' ? 'conflict.wholeRow' : 'conflict.wholeRelation');
  if (c.key !== undefined) return c.key;
  const col = FIELD_COLUMN[c.field];
  return col ? t(col) : c.field;
}

function rowLabel(c: EditConflict): string {
  const doc = workbench.get().wbs.doc;
  const row = c.target === 'rows' ? doc.rows.get(c.id) : doc.rows.get(doc.relations.get(c.id)?.succId ?? '');
  if (!row) return c.id.slice(0, 8);
  return row.code ? `${row.code} · ${row.name}` : row.name;
}

/** A value as the user reads it: a duration in days, a removal said as such. */
export function valueText(c: EditConflict, v: unknown, t: T): string {
  if (v === undefined) return t(c.field === null ? 'conflict.removed' : 'conflict.cleared');
  if (v === null || v === '') return '—';
  if (c.field === 'duration' && typeof v === 'number') return String(Math.round((v / 480) * 100) / 100);
  if (typeof v === 'object') return t('conflict.changed');
  return String(v);
}

export function ConflictDialog({ t }: { t: T }) {
  const conflict = useWorkbench((s) => s.editConflict);
  if (!conflict) return null;
  const footer = (
    <>
      <button
        type="button"
        className="btn"
        data-testid="conflict-theirs"
        onClick={() => chooseConflict('theirs')}
      >
        {t('conflict.takeTheirs')}
      </button>
      <button
        type="button"
        className="btn btn--primary"
        data-testid="conflict-mine"
        data-autofocus
        onClick={() => chooseConflict('mine')}
      >
        {t('conflict.keepMine')}
      </button>
    </>
  );
  return (
    <Modal
      title={t('conflict.title')}
      closeLabel={t('conflict.takeTheirs')}
      onClose={() => chooseConflict('theirs')}
      footer={footer}
      width={640}
    >
      <p>{t('conflict.note', { count: conflict.conflicts.length })}</p>
      <table className="wb-conflicts" data-testid="conflict-table">
        <thead>
          <tr>
            <th scope="col">{t('conflict.row')}</th>
            <th scope="col">{t('conflict.field')}</th>
            <th scope="col">{t('conflict.theirs')}</th>
            <th scope="col">{t('conflict.mine')}</th>
          </tr>
        </thead>
        <tbody>
          {conflict.conflicts.map((c) => (
            <tr key={`${c.target}/${c.id}/${c.field ?? '*'}/${c.key ?? ''}`}>
              <td>{rowLabel(c)}</td>
              <td>{placeLabel(c, t)}</td>
              <td data-testid="conflict-theirs-value">{valueText(c, c.theirs, t)}</td>
              <td data-testid="conflict-mine-value">{valueText(c, c.mine, t)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </Modal>
  );
}
