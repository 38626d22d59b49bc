// The Assignments tab of the node panel, editable: the row's resources with their total
// quantity, rate per working day, intensity and curve; a resource assigned from the space's list
// (type to find it, Enter to assign); each change one undoable step of the workbench's history.
import { useEffect, useMemo, useRef, useState } from 'react';
import { api } from '../../api';
import type { CurveKind, Resource, ResourceAssignment, ResourceCurve } from '../../api/resources';
import { call } from '../../app/api/call';
import { formatNumber } from '../../domain/format';
import { curveOfPoints, curveTwentieths, parseAmount } from '../../domain/resources';
import { useSpaceCurves } from './space-curves';
import {
  assignResource,
  changeAssignment,
  loadRowAssignments,
  onAssignmentsChanged,
  unassign,
} from '../../state/resources/assignments';
import type { CellTextContext } from '../../state/workbench/cell-text';
import { useWorkbench } from '../../state/workbench/store';
import { useResourcesT } from './i18n';
import './resources.css';

const CURVES: CurveKind[] = ['uniform', 'front', 'back', 'bell'];

/** The select's value for an assignment: its named curve, the space curve of its shape, or custom. */
function curveChoice(a: ResourceAssignment, own: readonly ResourceCurve[]): string {
  if (a.curve !== 'custom' || !a.curve_values) return a.curve;
  const mine = curveTwentieths({ kind: 'custom', values: a.curve_values });
  const same = own.find((c) => {
    const theirs = curveTwentieths(curveOfPoints(c.points));
    return theirs.every((x, i) => Math.abs(x - mine[i]!) < 1e-4);
  });
  return same ? `space:${same.id}` : 'custom';
}

/** The space's resources, loaded once per panel. */
function useSpaceResources(): Resource[] {
  const [items, setItems] = useState<Resource[]>([]);
  useEffect(() => {
    call(api.resources.list, { query: {} }, { silent: true }).then(
      (r) => setItems(r.items),
      () => setItems([]),
    );
  }, []);
  return items;
}

/**
 * `place`: the row's own version and id where the store's document is not one version (the
 * project grid): the version's assignments are listed there, and edited when `place.editable`
 * (each call goes to that version; the screen's history takes its step, setAssignmentSteps),
 * else read-only (a locked version, no rights).
 */
export function AssignmentsEditor({
  rowId: shownId,
  ctx,
  place,
}: {
  rowId: string;
  ctx: CellTextContext;
  place?: { versionId: string; rowId: string; scheduleId?: string; editable?: boolean } | undefined;
}) {
  const { t } = useResourcesT();
  const storeVersionId = useWorkbench((s) => s.versionId);
  const storeVersion = useWorkbench((s) => s.version);
  const versionId = place ? place.versionId : storeVersionId;
  const rowId = place ? place.rowId : shownId;
  const version = place
    ? storeVersion && { ...storeVersion, schedule_id: place.scheduleId ?? storeVersion.schedule_id }
    : storeVersion;
  const canEdit = place ? !!place.editable && !!version : !!version && !version.locked;
  const [items, setItems] = useState<ResourceAssignment[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [tick, setTick] = useState(0);
  const resources = useSpaceResources();
  const spaceCurves = useSpaceCurves();

  useEffect(() => onAssignmentsChanged(() => setTick((n) => n + 1)), []);
  useEffect(() => {
    if (!versionId) return;
    let live = true;
    loadRowAssignments(versionId, rowId).then(
      (list) => live && (setItems(list), setError(null)),
      (err: Error) => live && setError(err.message),
    );
    return () => {
      live = false;
    };
  }, [versionId, rowId, tick]);

  if (error)
    return (
      <p className="wb-rel-error" role="alert">
        {t('asg.failed', { message: error })}
      </p>
    );
  if (!items || !version || !versionId) return <p className="wb-dim">{t('asg.loading')}</p>;
  const scheduleId = version.schedule_id;
  const num = (n: number | null) =>
    n === null ? '' : formatNumber(n, { lang: ctx.lang, decimals: 2, trimZeros: true });

  return (
    <div className="wb-asg res-asg">
      {items.length === 0 && <p className="wb-dim">{t('asg.none')}</p>}
      {items.length > 0 && (
        <table className="wb-asg-table" aria-label={t('asg.title')}>
          <thead>
            <tr>
              <th>{t('asg.resource')}</th>
              <th className="wb-rel-num">{t('asg.units')}</th>
              <th className="wb-rel-num">{t('asg.per_day')}</th>
              <th className="wb-rel-num">{t('asg.intensity')}</th>
              <th>{t('asg.curve')}</th>
              <th />
            </tr>
          </thead>
          <tbody>
            {items.map((a) => (
              <tr key={a.id} data-assignment={a.resource_name}>
                <td className="wb-asg-text" title={a.resource_name}>
                  {a.resource_name}
                  {a.unit ? <span className="wb-dim"> ({a.unit})</span> : null}
                </td>
                <td className="wb-rel-num">
                  <NumberCell
                    key={`u${a.units}`}
                    loaded={items}
                    label={t('asg.units_of', { name: a.resource_name })}
                    value={num(a.units)}
                    disabled={!canEdit}
                    onCommit={(v) =>
                      v !== null && v !== a.units && changeAssignment(scheduleId, a, { units: v })
                    }
                  />
                </td>
                <td className="wb-rel-num">
                  <NumberCell
                    key={`d${a.units_per_day}`}
                    loaded={items}
                    label={t('asg.per_day_of', { name: a.resource_name })}
                    value={num(a.units_per_day)}
                    empty
                    disabled={!canEdit}
                    onCommit={(v) =>
                      v !== a.units_per_day && changeAssignment(scheduleId, a, { units_per_day: v })
                    }
                  />
                </td>
                <td className="wb-rel-num">
                  <NumberCell
                    key={`i${a.intensity}`}
                    loaded={items}
                    label={t('asg.intensity_of', { name: a.resource_name })}
                    value={num(a.intensity)}
                    disabled={!canEdit}
                    onCommit={(v) =>
                      v !== null &&
                      v > 0 &&
                      v !== a.intensity &&
                      changeAssignment(scheduleId, a, { intensity: v })
                    }
                  />
                </td>
                <td>
                  <select
                    aria-label={t('asg.curve_of', { name: a.resource_name })}
                    value={curveChoice(a, spaceCurves)}
                    disabled={!canEdit}
                    onChange={(e) => {
                      const v = e.target.value;
                      const own = spaceCurves.find((c) => `space:${c.id}` === v);
                      if (own) {
                        // The space curve's shape, copied into the assignment (P6's assigned curve).
                        const c = curveOfPoints(own.points);
                        void changeAssignment(scheduleId, a, {
                          curve: c.kind,
                          curve_values: c.values ?? null,
                        });
                      } else
                        void changeAssignment(scheduleId, a, { curve: v as CurveKind, curve_values: null });
                    }}
                  >
                    {CURVES.map((c) => (
                      <option key={c} value={c}>
                        {t(`asg.curves.${c}`)}
                      </option>
                    ))}
                    {spaceCurves.map((c) => (
                      <option key={c.id} value={`space:${c.id}`}>
                        {c.name}
                      </option>
                    ))}
                    {curveChoice(a, spaceCurves) === 'custom' && (
                      <option value="custom">{t('asg.curves.custom')}</option>
                    )}
                  </select>
                </td>
                <td>
                  {canEdit && (
                    <button
                      type="button"
                      className="btn btn--ghost"
                      aria-label={t('asg.remove', { name: a.resource_name })}
                      onClick={() => void unassign(scheduleId, a).catch(() => undefined)}
                    >
                      ×
                    </button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {canEdit && (
        <AssignForm
          resources={resources}
          onAssign={(resourceId, units, perDay) =>
            assignResource(scheduleId, versionId, rowId, {
              resource_id: resourceId,
              units,
              units_per_day: perDay,
            })
          }
        />
      )}
    </div>
  );
}

/** A number input that commits on Enter or leaving; an empty text is null where `empty`. */
function NumberCell({
  label,
  value,
  disabled,
  empty,
  onCommit,
  loaded,
}: {
  label: string;
  value: string;
  disabled: boolean;
  empty?: boolean;
  onCommit: (v: number | null) => unknown;
  /** The list the value was read from: each read shows the stored value again. */
  loaded: unknown;
}) {
  // The parent keys the cell by its stored value: a new value (undo, another tab) starts it afresh.
  const [text, setText] = useState(value);
  // Enter then leaving the field would send the same change twice before the answer comes back.
  const sent = useRef(value);
  const ref = useRef<HTMLInputElement>(null);
  // A change undone before its read came back leaves the same stored value (so the same key): a
  // new read still shows what is stored, unless the user is typing in this field.
  useEffect(() => {
    if (document.activeElement === ref.current) return;
    setText(value);
    sent.current = value;
  }, [value, loaded]);
  const commit = () => {
    if (text === value || text === sent.current) return;
    sent.current = text;
    const v = text.trim() === '' && empty ? null : parseAmount(text);
    if (v === null && !(empty && text.trim() === '')) {
      setText(value);
      return;
    }
    void Promise.resolve(onCommit(v)).catch(() => setText(value));
  };
  return (
    <input
      ref={ref}
      className="res-asg__num"
      inputMode="decimal"
      aria-label={label}
      value={text}
      disabled={disabled}
      onChange={(e) => setText(e.target.value)}
      onBlur={commit}
      onKeyDown={(e) => {
        e.stopPropagation();
        if (e.key === 'Enter') commit();
        if (e.key === 'Escape') setText(value);
      }}
    />
  );
}

/** Pick a resource (type to filter the list), its quantity and rate; Enter assigns. */
function AssignForm({
  resources,
  onAssign,
}: {
  resources: Resource[];
  onAssign: (resourceId: string, units: number, perDay: number | null) => Promise<void>;
}) {
  const { t } = useResourcesT();
  const [resourceId, setResourceId] = useState('');
  const [units, setUnits] = useState('');
  const [perDay, setPerDay] = useState('');
  const [busy, setBusy] = useState(false);
  const first = useRef<HTMLSelectElement>(null);
  const options = useMemo(
    () => resources.filter((r) => r.kind !== 'document' && r.kind !== 'checklist'),
    [resources],
  );
  const submit = async () => {
    const u = parseAmount(units || '0');
    const d = perDay.trim() === '' ? null : parseAmount(perDay);
    if (!resourceId || u === null || (perDay.trim() !== '' && d === null)) return;
    setBusy(true);
    try {
      await onAssign(resourceId, u, d);
      setUnits('');
      setPerDay('');
      setResourceId('');
      first.current?.focus();
    } catch {
      // The call's toast says why; the form keeps what was typed.
    } finally {
      setBusy(false);
    }
  };
  return (
    <form
      className="res-asg__form"
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
      onKeyDown={(e) => e.stopPropagation()}
    >
      <select
        ref={first}
        aria-label={t('asg.pick')}
        value={resourceId}
        onChange={(e) => setResourceId(e.target.value)}
      >
        <option value="">{t('asg.pick')}</option>
        {options.map((r) => (
          <option key={r.id} value={r.id}>
            {r.code ? `${r.code} — ${r.name}` : r.name}
          </option>
        ))}
      </select>
      <input
        inputMode="decimal"
        aria-label={t('asg.units')}
        placeholder={t('asg.units')}
        value={units}
        onChange={(e) => setUnits(e.target.value)}
      />
      <input
        inputMode="decimal"
        aria-label={t('asg.per_day')}
        placeholder={t('asg.per_day')}
        value={perDay}
        onChange={(e) => setPerDay(e.target.value)}
      />
      <button type="submit" className="btn btn--primary" disabled={busy || !resourceId}>
        {t('asg.assign')}
      </button>
    </form>
  );
}
